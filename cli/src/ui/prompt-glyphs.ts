// The input zone's glyphs, shared by the Ink input box and the one drawn before Ink loads
// (interactive/early-input.ts): both must draw the same cells.

/** The dotted line above and under the input zone. */
export const BORDER_CHAR = "┈";

/** The prompt's arrow at rest: the first frame of cli-spinners' `arrow3`, and the arrow of a busy prompt. */
export const RESTING_ARROW = "▹▹▹▹▹";
