import { defineMessages } from "@maia/util/i18n";

export const t = defineMessages(
  {
    continuationLimit: "The agent was asked to go on {count} times in a row for this request: it stops here.",
  },
  {
    continuationLimit: "L'agent a été relancé {count} fois de suite pour cette requête : il s'arrête ici.",
  },
);
