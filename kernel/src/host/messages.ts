import { defineMessages } from "@maia/util/i18n";

export const t = defineMessages(
  {
    unknownCommand: "Unknown command: /{name}",
    unknownCommandSuggest: "Unknown command: /{name} (did you mean /{suggestion}?)",
    continuationLimit: "The agent was asked to go on {count} times in a row for this request: it stops here.",
  },
  {
    unknownCommand: "Commande inconnue : /{name}",
    unknownCommandSuggest: "Commande inconnue : /{name} (vouliez-vous dire /{suggestion} ?)",
    continuationLimit: "L'agent a été relancé {count} fois de suite pour cette requête : il s'arrête ici.",
  },
);
