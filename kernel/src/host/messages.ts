import { defineMessages } from "../i18n/catalogue.ts";

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
