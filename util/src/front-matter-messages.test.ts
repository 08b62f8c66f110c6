import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { setActiveLocale } from "./i18n/catalogue.ts";
import { describeFrontMatterProblem, readFrontMatter } from "./front-matter.ts";

afterEach(() => setActiveLocale(undefined));

describe("describeFrontMatterProblem", () => {
  it("words each problem readFrontMatter finds, in English, naming the keys the header should start with", () => {
    setActiveLocale("en");
    const problemOf = (text: string) => {
      const read = readFrontMatter(text);
      if (read.ok) throw new Error("expected a problem");
      return read.problem;
    };
    expect(describeFrontMatterProblem(problemOf("# Just markdown"))).toBe("no YAML header: start the file with a line ---, then description: …, then a line ---");
    expect(describeFrontMatterProblem(problemOf("---\ndescription: x\n"))).toBe("the YAML header opened on line 1 is never closed: add a line --- after it");
    expect(describeFrontMatterProblem(problemOf("---\n- a\n---\n"))).toBe("the YAML header must be key: value lines (description: …)");
    expect(describeFrontMatterProblem(problemOf("---\ndescription: [x\n---\n"))).toMatch(/^invalid YAML header: \S/);
    const agents = { keys: ["name", "description"] } as const;
    expect(describeFrontMatterProblem({ kind: "missing" }, agents)).toBe("no YAML header: start the file with a line ---, then name: and description: lines, then a line ---");
    expect(describeFrontMatterProblem({ kind: "notMapping" }, agents)).toBe("the YAML header must be key: value lines (name: …, description: …)");
  });

  it("speaks French too", () => {
    setActiveLocale("fr");
    expect(describeFrontMatterProblem({ kind: "missing" })).toBe("aucun en-tête YAML : commencez le fichier par une ligne ---, puis description: …, puis une ligne ---");
    expect(describeFrontMatterProblem({ kind: "missing" }, { keys: ["name", "description"] })).toBe(
      "aucun en-tête YAML : commencez le fichier par une ligne ---, puis les lignes name: et description:, puis une ligne ---",
    );
    expect(describeFrontMatterProblem({ kind: "yaml", detail: "Nested mappings are not allowed" })).toBe("en-tête YAML invalide : Nested mappings are not allowed");
    expect(describeFrontMatterProblem({ kind: "notMapping" })).toBe("l'en-tête YAML doit être fait de lignes clé: valeur (description: …)");
  });

  it("has a sentence for whatever a file holds, never a placeholder left in it", () => {
    setActiveLocale("en");
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = readFrontMatter(`---\n${text}\n---\n`);
        if (read.ok) return;
        const sentence = describeFrontMatterProblem(read.problem);
        expect(sentence).not.toMatch(/\{\w+\}/);
        expect(sentence.length).toBeGreaterThan(0);
      }),
    );
  });
});
