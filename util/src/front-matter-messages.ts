import { defineMessages } from "./i18n/catalogue.ts";
import type { FrontMatterProblem } from "./front-matter.ts";

/**
 * What is wrong with a definition file's YAML header, in words, for every plugin that reads one (custom commands,
 * skills, agents): one wording in English and French, as `describeJsonError` is for JSON files. Each plugin says
 * which keys its header holds, so the sentences point at what to write in that file.
 */
const t = defineMessages(
  {
    missing: "no YAML header: start the file with a line ---, then {keys}, then a line ---",
    unclosed: "the YAML header opened on line 1 is never closed: add a line --- after it",
    yaml: "invalid YAML header: {detail}",
    notMapping: "the YAML header must be key: value lines ({examples})",
    oneKey: "{key}: …",
    keyLines: "{keys} lines",
    and: " and ",
  },
  {
    missing: "aucun en-tête YAML : commencez le fichier par une ligne ---, puis {keys}, puis une ligne ---",
    unclosed: "l'en-tête YAML ouvert ligne 1 n'est jamais fermé : ajoutez une ligne --- après lui",
    yaml: "en-tête YAML invalide : {detail}",
    notMapping: "l'en-tête YAML doit être fait de lignes clé: valeur ({examples})",
    oneKey: "{key}: …",
    keyLines: "les lignes {keys}",
    and: " et ",
  },
);

export interface FrontMatterWords {
  /** The keys a header of this kind of file starts with, in order (`["description"]`, `["name", "description"]`). */
  keys: readonly [string, ...string[]];
}

/**
 * The sentence for a `readFrontMatter` problem (the caller adds the file and line). With one key:
 * `…then description: …, then a line ---`; with several: `…then name: and description: lines, then…`.
 */
export function describeFrontMatterProblem(problem: FrontMatterProblem, words: FrontMatterWords = { keys: ["description"] }): string {
  switch (problem.kind) {
    case "missing":
      return t("missing", { keys: startingLines(words.keys) });
    case "unclosed":
      return t("unclosed");
    case "yaml":
      return t("yaml", { detail: problem.detail });
    case "notMapping":
      return t("notMapping", { examples: words.keys.map((key) => t("oneKey", { key })).join(", ") });
  }
}

function startingLines(keys: readonly string[]): string {
  if (keys.length === 1) return t("oneKey", { key: keys[0] ?? "" });
  const named = keys.map((key) => `${key}:`);
  const last = named.pop() ?? "";
  return t("keyLines", { keys: `${named.join(", ")}${t("and")}${last}` });
}
