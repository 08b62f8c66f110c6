import { defineMessages } from "@maia/util/i18n";

export const t = defineMessages(
  {
    unknownCommand: "Unknown command: /{name}",
    unknownCommandSuggest: "Unknown command: /{name} (did you mean /{suggestion}?)",
  },
  {
    unknownCommand: "Commande inconnue : /{name}",
    unknownCommandSuggest: "Commande inconnue : /{name} (vouliez-vous dire /{suggestion} ?)",
  },
);
