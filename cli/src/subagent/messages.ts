import { defineMessages } from "@maia/kernel";

/** The strings of `maia --subagent` (the sub-agent's process). */
export const t = defineMessages(
  {
    needsParent: "maia --subagent is started by MAIA itself for a sub-agent (over an IPC channel); it is not meant to be run by hand.",
    pluginMissing: "the subagents plugin is disabled or failed to load in this configuration",
    interrupted: "interrupted before the end",
    mcpParentGone: "The MCP tool {name} could not run: MAIA's main process no longer answers.",
  },
  {
    needsParent: "maia --subagent est lancé par MAIA lui-même pour un sous-agent (par un canal IPC) ; il ne s'utilise pas à la main.",
    pluginMissing: "le plugin subagents est désactivé ou n'a pas pu être chargé dans cette configuration",
    interrupted: "interrompu avant la fin",
    mcpParentGone: "L'outil MCP {name} n'a pas pu s'exécuter : le processus principal de MAIA ne répond plus.",
  },
);
