import { setActiveLocale } from "@maia/kernel";
import chalk from "chalk";
import fc from "fast-check";
import { Box, renderToString, Text } from "ink";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LogEntryView } from "../ui/components/log-entry-view.tsx";
import { bannerText, wrapped } from "./first-paint.ts";
import { cells } from "./testing/screen-cells.ts";

/** The banner as Ink draws it: the log's banner entry, in the screen's full-width box (app.tsx). */
function inkBanner(cwd: string, columns: number): string {
  const width = Math.max(10, columns);
  const entry = createElement(LogEntryView, { entry: { id: 0, kind: "banner", cwd }, width, env: {} });
  return `${renderToString(createElement(Box, { width, flexDirection: "column" }, entry), { columns })}\n`;
}

const level = chalk.level;
beforeEach(() => {
  chalk.level = 3; // true colours, as in the terminals the bench and the tmux tests use
});
afterEach(() => {
  chalk.level = level;
  setActiveLocale(undefined);
});

describe("the banner written before Ink loads", () => {
  it("draws, cell by cell and colour by colour, what Ink draws, in English and French, at every width it lays out", () => {
    for (const locale of ["en", "fr"] as const) {
      setActiveLocale(locale);
      for (const columns of [25, 26, 40, 57, 58, 59, 66, 70, 80, 100, 101, 120, 200]) {
        const ours = bannerText("/home/user/project", columns);
        expect(ours, `${locale} at ${columns} columns`).toBeDefined();
        expect(cells(ours ?? ""), `${locale} at ${columns} columns`).toEqual(cells(inkBanner("/home/user/project", columns)));
      }
    }
  });

  it("matches Ink for any launch folder it accepts, and leaves the others to Ink", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\/[a-zA-Z0-9 ._\-éà/]{0,120}$/),
        fc.integer({ min: 25, max: 160 }),
        (cwd, columns) => {
          const ours = bannerText(cwd, columns);
          if (ours === undefined) return; // a word wider than the screen: Ink's hard wrapping draws it
          expect(cells(ours)).toEqual(cells(inkBanner(cwd, columns)));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("leaves to Ink what it does not lay out: the small frame, wide characters, a word wider than the screen", () => {
    expect(bannerText("/home/user", 24)).toBeUndefined();
    expect(bannerText("/home/用户/项目", 100)).toBeUndefined();
    expect(bannerText(`/home/${"x".repeat(120)}`, 100)).toBeUndefined();
  });
});

describe("wrapping as Ink wraps a text", () => {
  it("gives Ink's rows for any words and width", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{0,9}$/), { minLength: 1, maxLength: 14 }), fc.integer({ min: 1, max: 30 }), (words, columns) => {
        const text = words.join(" ");
        const rows = wrapped(text, columns);
        const ink = renderToString(createElement(Box, { width: columns }, createElement(Text, null, text)), { columns: 100 });
        if (rows === undefined) {
          expect(words.some((word) => word.length > columns)).toBe(true);
          return;
        }
        expect(rows.map((row) => row.trimEnd()).join("\n")).toBe(ink.split("\n").map((row) => row.trimEnd()).join("\n"));
      }),
      { numRuns: 200 },
    );
  });
});
