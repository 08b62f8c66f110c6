import { resolveLaunchFolder } from "../launch-folder.ts";
import { EarlyInput } from "./early-input.ts";
import { paintBanner } from "./first-paint.ts";

// For the test of the built file (early-paint.build.test.ts): what it writes, with the codes and pictures the
// build put in its place of early-kit.ts.
export { bannerText } from "./first-paint.ts";
export { earlyBoxLines } from "./early-input.ts";
export { terminalColorLevel } from "./early-kit.ts";

/** What was drawn before Ink: the banner (or not: Ink draws it), and the input zone that takes keys until Ink does. */
export interface EarlyScreen {
  bannerPainted: boolean;
  earlyInput?: EarlyInput;
}

/**
 * The banner (first-paint.ts) and the input zone (early-input.ts), in a terminal, then keys kept from then on
 * (raw mode: the terminal's line discipline neither echoes them nor ends the input on Ctrl+D). Standard input's
 * stream is built after the paint: it costs a few milliseconds that the screen need not wait for.
 */
export function paintEarly(env: NodeJS.ProcessEnv): EarlyScreen {
  const bannerPainted = paintBanner(process.stdout, resolveLaunchFolder(env));
  const earlyInput = bannerPainted ? EarlyInput.paint(process.stdout) : undefined;
  process.stdin.setRawMode?.(true);
  earlyInput?.listen(process.stdin);
  return { bannerPainted, ...(earlyInput ? { earlyInput } : {}) };
}
