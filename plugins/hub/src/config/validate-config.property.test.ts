import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Problem } from "../protocol.ts";
import { defaultConfigText } from "./default-config.ts";
import { validateConfigText, type ValidationContext } from "./validate-config.ts";

const context: ValidationContext = {
  env: { PATH: "/usr/bin:/bin", HOME: "/home/ada", KEY: "v" },
  launchDir: "/tmp",
  configDir: "/tmp",
};

/** Lines as the page's editor splits them: at \r\n, \n or a lone \r. */
const lineLengths = (text: string) => text.split(/\r\n|\r|\n/).map((line) => line.length);

function expectInside(text: string, problems: Problem[]) {
  const lengths = lineLengths(text);
  for (const problem of problems) {
    expect(problem.line).toBeGreaterThanOrEqual(1);
    expect(problem.column).toBeGreaterThanOrEqual(1);
    expect(problem.line).toBeLessThanOrEqual(lengths.length);
    expect(problem.column).toBeLessThanOrEqual((lengths[problem.line - 1] ?? 0) + 1);
    expect(Number.isInteger(problem.line) && Number.isInteger(problem.column)).toBe(true);
    expect(problem.message.length).toBeGreaterThan(0);
  }
}

const base = defaultConfigText({ command: "/usr/bin/node", args: ["/opt/maia.js", "acp"] });

/** A configuration-shaped value whose fields hold anything. */
const configLike = fc.record(
  {
    agents: fc.array(
      fc.record(
        {
          name: fc.oneof(fc.constantFrom("a", "b", "maia", "A b"), fc.jsonValue()),
          command: fc.oneof(fc.constantFrom("sh", "./x", "/bin/sh", "", "nope"), fc.jsonValue()),
          args: fc.oneof(fc.array(fc.string()), fc.jsonValue()),
          env: fc.oneof(fc.dictionary(fc.string(), fc.oneof(fc.constantFrom("${KEY}", "${NOPE}", "$"), fc.string())), fc.jsonValue()),
          cwd: fc.oneof(fc.constantFrom("~", "~/x", "..", "rel"), fc.jsonValue()),
          icon: fc.oneof(fc.constantFrom("🤖", "a.png", "/x/y.svg"), fc.jsonValue()),
          zzz: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 4 },
    ),
    limits: fc.oneof(fc.record({ maxRunningAgents: fc.jsonValue(), stopIdleAgentsAfter: fc.double() }, { requiredKeys: [] }), fc.jsonValue()),
    theme: fc.oneof(fc.constantFrom("system", "dark", "drk"), fc.jsonValue()),
    channels: fc.array(fc.record({ name: fc.jsonValue(), agent: fc.constantFrom("a", "z"), token: fc.constantFrom("${KEY}", "${NO}", "raw") })),
  },
  { requiredKeys: [] },
);

/** Any text: random strings, JSON of any shape, binary decoded as UTF-8, and the default file with damage. */
const texts = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom("{", "}", "[", "]", '"', ",", ":", "/", "*", "\\", "\r", "\n", " ", "a", "1", "$") }),
  fc.jsonValue().map((value) => JSON.stringify(value, null, 2)),
  fc.tuple(configLike, fc.constantFrom(0, 2)).map(([value, indent]) => JSON.stringify(value, null, indent)),
  fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes).toString("utf8")),
  fc.tuple(fc.nat(base.length), fc.nat(20), fc.string({ unit: "binary", maxLength: 5 })).map(
    ([at, cut, insert]) => base.slice(0, at) + insert + base.slice(at + cut),
  ),
);

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

describe("validateConfigText on any text", () => {
  it("never throws, and every problem and warning lies within the text", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const result = validateConfigText(text, context);
        expectInside(text, result.problems);
        expectInside(text, result.warnings);
        expect(result.warnings.every((warning) => warning.warning)).toBe(true);
        expect(result.problems.every((problem) => !problem.warning)).toBe(true);
        // The safety net for our own bugs never caught anything.
        expect(result.problems.some((problem) => problem.message.startsWith("the configuration could not be checked"))).toBe(false);
        // A configuration comes exactly with the absence of problems.
        expect(result.config === undefined).toBe(result.problems.length > 0);
      }),
      { numRuns: 1500 },
    );
  });
});
