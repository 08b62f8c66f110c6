import type { FrontEnd } from "@maia/kernel";

/** The front ends of the `maia` binary, by the names its entry points use. */
export type FrontEndName = "tui" | "headless" | "acp" | "subagent";

/**
 * What each of them can do, which is all plugins see (kernel contract `FrontEnd`): the terminal UI and ACP have
 * someone following along; only the terminal UI has MAIA's own input box; a sub-agent's child is part of its
 * parent's turn. Subcommands (`maia plugins`, `maia checkpoints`…) boot as headless.
 */
export const FRONT_ENDS: Readonly<Record<FrontEndName, FrontEnd>> = {
  tui: { interactive: true, terminal: true, child: false },
  acp: { interactive: true, terminal: false, child: false },
  headless: { interactive: false, terminal: false, child: false },
  subagent: { interactive: false, terminal: false, child: true },
};
