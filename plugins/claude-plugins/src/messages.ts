import { defineMessages } from "@maia/kernel";

/** Every user-facing string of the claude-plugins plugin, English and French. */
export const t = defineMessages(
  {
    description: "Claude Code plugins: the commands, agents, skills, hooks and MCP servers of the plugins installed with maia plugins add (and by Claude Code)",
    notLoaded: "Claude Code plugin {id} is not loaded: {problem}",
    sameName: "another plugin is named \"{name}\" ({other}) and keeps the namespace",
    loaded: "Claude Code plugins loaded: {list}",
    fromMarketplace: "marketplace {name} ({source})",
    fromUnknownMarketplace: "marketplace {name}",
    disabledIn: "turned off in {file}",
    notEnabled: "installed, not enabled (maia plugins enable {id})",
  },
  {
    description:
      "Plugins Claude Code : les commandes, agents, skills, hooks et serveurs MCP des plugins installés par maia plugins add (et par Claude Code)",
    notLoaded: "Le plugin Claude Code {id} n'est pas chargé : {problem}",
    sameName: "un autre plugin s'appelle « {name} » ({other}) et garde l'espace de noms",
    loaded: "Plugins Claude Code chargés : {list}",
    fromMarketplace: "marketplace {name} ({source})",
    fromUnknownMarketplace: "marketplace {name}",
    disabledIn: "désactivé dans {file}",
    notEnabled: "installé, non activé (maia plugins enable {id})",
  },
);
