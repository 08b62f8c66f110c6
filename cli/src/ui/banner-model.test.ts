import { setActiveLocale } from "@maia/kernel";
import { render } from "ink-testing-library";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bannerVariant, halfBlockLines, lineWidth, maskLines, titleLines } from "./banner-model.ts";
import { Banner } from "./components/banner.tsx";

beforeEach(() => setActiveLocale("fr"));
afterEach(() => setActiveLocale(undefined));

describe("banner (seed § 15.4)", () => {
  it("draws two pixels per cell with half blocks, colours kept", () => {
    const colors: Record<string, string | undefined> = { "0,0": "#ff0000", "1,1": "#00ff00", "2,0": "#0000ff", "2,1": "#0000ff", "3,0": "#111111", "3,1": "#222222" };
    const [line] = halfBlockLines(5, 2, (x, y) => colors[`${x},${y}`]);
    expect(line).toEqual([
      { text: "▀", color: "#ff0000" },
      { text: "▄", color: "#00ff00" },
      { text: "█", color: "#0000ff" },
      { text: "▀", color: "#111111", backgroundColor: "#222222" },
      { text: " " },
    ]);
  });

  it("turns the 32 × 32 mask into 16 lines of 32 columns in its true colours", () => {
    const lines = maskLines();
    expect(lines).toHaveLength(16);
    for (const line of lines) expect(lineWidth(line)).toBe(32);
    const colours = new Set(lines.flat().flatMap((segment) => [segment.color, segment.backgroundColor]).filter(Boolean));
    expect(colours.size).toBeGreaterThan(40); // gradients, not a reduced palette
  });

  it("writes « Maia » in the 5 × 7 font with a shadow and a rainbow", () => {
    const lines = titleLines();
    expect(lines).toHaveLength(4);
    expect(lineWidth(lines[0] ?? [])).toBe(24);
    const colours = new Set(lines.flat().map((segment) => segment.color));
    expect(colours.has("#3b3552")).toBe(true); // the shadow
    expect(colours.size).toBeGreaterThan(8);
  });

  it("picks the version for the width: full from 58 columns, without the mask from 25, a frame below", () => {
    expect([120, 58, 57, 25, 24, 10].map(bannerVariant)).toEqual(["full", "full", "medium", "medium", "compact", "compact"]);
  });

  it("renders each version with its texts", () => {
    const frame = (width: number) => render(createElement(Banner, { cwd: "/p", width })).lastFrame() ?? "";
    const full = frame(80);
    expect(full).toContain("Un seul agent, plusieurs modèles");
    expect(full).toMatch(/▀{8,}/);
    const medium = frame(40);
    expect(medium).toContain("Un seul agent, plusieurs modèles");
    expect(medium).not.toMatch(/▀{8,}/);
    const compact = frame(20);
    expect(compact).toContain("╔");
    expect(compact).toContain("Maia");
    expect(compact).toContain("Dossier de travail : /p");
  });
});
