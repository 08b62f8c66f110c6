import { resolveLaunchFolder } from "../launch-folder.ts";
import { EarlyInput } from "./early-input.ts";
import { paintBanner } from "./first-paint.ts";

// For the test of the built file (early-paint.build.test.ts): the banner it writes, with the pictures the build put in.
export { bannerText } from "./first-paint.ts";

/** What was drawn before Ink: the banner (or not: Ink draws it), and the input zone that takes keys until Ink does. */
export interface EarlyScreen {
  bannerPainted: boolean;
  earlyInput?: EarlyInput;
}

/**
 * Keys kept from now on (raw mode: the terminal's line discipline neither echoes them nor ends the input on
 * Ctrl+D), then the banner (first-paint.ts) and the input zone (early-input.ts), in a terminal.
 */
export function paintEarly(env: NodeJS.ProcessEnv): EarlyScreen {
  process.stdin.setRawMode?.(true);
  const bannerPainted = paintBanner(process.stdout, resolveLaunchFolder(env));
  const earlyInput = bannerPainted ? EarlyInput.paint(process.stdout, process.stdin) : undefined;
  return { bannerPainted, ...(earlyInput ? { earlyInput } : {}) };
}
