import { isatty } from "node:tty";
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
 * Keys kept from now on, then the banner (first-paint.ts) and the input zone (early-input.ts), in a terminal;
 * undefined, having done nothing, without one (main.ts says MAIA needs one).
 * Raw mode comes first: once the box is on the screen, a key typed at once (Ctrl+D, a letter) must reach MAIA as
 * it will under Ink, not be echoed by the terminal's line discipline or taken by it as the end of the input.
 */
export function paintEarly(env: NodeJS.ProcessEnv): EarlyScreen | undefined {
  // isatty, not process.stdin.isTTY: standard input's stream is built here, only when there is a terminal.
  if (!process.stdout.isTTY || !isatty(0)) return undefined;
  process.stdin.setRawMode?.(true);
  const bannerPainted = paintBanner(process.stdout, resolveLaunchFolder(env));
  const earlyInput = bannerPainted ? EarlyInput.paint(process.stdout, process.stdin) : undefined;
  return { bannerPainted, ...(earlyInput ? { earlyInput } : {}) };
}
