import { defineMessages } from "./i18n/catalogue.ts";
import type { JsonErrorLocation } from "./json-position.ts";

/** Why a text is not JSON, in words, for every reader of hand-written JSON files (settings, mcp.json, TOOL.json, hooks). */
const t = defineMessages(
  {
    unexpectedChar: "unexpected character {char}",
    unexpectedCharInString: "unexpected character",
    unexpectedEnd: "unexpected end of the file (a closing brace, bracket or quote is missing)",
    controlChar: "control character (such as a raw line break) inside a string",
    badEscape: "invalid escape sequence inside a string",
    trailing: "unexpected content after the end of the JSON value: {char}",
    tooDeep: "nested too deeply",
  },
  {
    unexpectedChar: "caractère inattendu {char}",
    unexpectedCharInString: "caractère inattendu",
    unexpectedEnd: "fin de fichier inattendue (il manque une accolade, un crochet ou un guillemet fermant)",
    controlChar: "caractère de contrôle (comme un saut de ligne brut) dans une chaîne",
    badEscape: "séquence d'échappement invalide dans une chaîne",
    trailing: "contenu inattendu après la fin de la valeur JSON : {char}",
    tooDeep: "imbriqué trop profondément",
  },
);

/**
 * The reason of a `readJsonWithPositions` error as a user reads it. A character is quoted only when the reader
 * found it outside any string (inside one it could be part of a secret).
 */
export function describeJsonError(error: Pick<JsonErrorLocation, "reason" | "char">): string {
  const char = JSON.stringify(error.char ?? "");
  switch (error.reason) {
    case "unexpected_end":
      return t("unexpectedEnd");
    case "control_char":
      return t("controlChar");
    case "bad_escape":
      return t("badEscape");
    case "trailing":
      return t("trailing", { char });
    case "too_deep":
      return t("tooDeep");
    default:
      return error.char === undefined ? t("unexpectedCharInString") : t("unexpectedChar", { char });
  }
}
