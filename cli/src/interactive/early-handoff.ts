import type { EarlyScreen } from "./early-paint.ts";

// The command (bin.ts) paints the early screen (dist/early-screen.cjs, early-paint.cjs) before main.ts is even loaded; main.ts takes it
// here when it reaches the interactive mode.
let handed: EarlyScreen | undefined;

export function handOverEarlyScreen(screen: EarlyScreen | undefined): void {
  handed = screen;
}

/** The early screen the command painted, once; undefined when it painted none (or main.ts runs from source). */
export function takeEarlyScreen(): EarlyScreen | undefined {
  const screen = handed;
  handed = undefined;
  return screen;
}
