import { afterEach, describe, expect, it } from "vitest";
import { setActiveLocale } from "./i18n/catalogue.ts";
import { describeJsonError } from "./json-error-messages.ts";
import { readJsonWithPositions } from "./json-position.ts";

afterEach(() => setActiveLocale(undefined));

describe("describeJsonError", () => {
  it("words what the reader found, in English and French, quoting a character only outside strings", () => {
    setActiveLocale("en");
    const broken = readJsonWithPositions('{"a": 1}}');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(describeJsonError(broken.error)).toBe('unexpected content after the end of the JSON value: "}"');
    expect(describeJsonError({ reason: "unexpected_char" })).toBe("unexpected character");
    expect(describeJsonError({ reason: "unexpected_end" })).toContain("closing brace");
    setActiveLocale("fr");
    expect(describeJsonError({ reason: "unexpected_char", char: "}" })).toBe('caractère inattendu "}"');
  });
});
