import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_RECENT, RecentFiles } from "./recent-files.ts";

let root: string;
let maiaDir: string;
let notices: string[];
const recentFiles = () => new RecentFiles(maiaDir, (message) => notices.push(message));

beforeEach(async () => {
  setActiveLocale("en");
  root = await tempFolder("maia-hub-recent-");
  maiaDir = path.join(root, ".maia");
  notices = [];
});
afterEach(() => setActiveLocale(undefined));

async function files(count: number): Promise<string[]> {
  const made: string[] = [];
  for (let index = 0; index < count; index++) {
    const file = path.join(root, `config-${index}.json`);
    await writeFile(file, "{}");
    made.push(file);
  }
  return made;
}

describe("RecentFiles", () => {
  it("keeps the files newest first, once each, 8 at most, in ~/.maia/hub-recent.json", async () => {
    const all = await files(10);
    const recent = recentFiles();
    expect(recent.existing()).toEqual([]);
    for (const file of all) await recent.record(file);
    await recent.record(all[3] ?? "");
    const expected = [all[3], all[9], all[8], all[7], all[6], all[5], all[4], all[2]];
    expect(recent.existing()).toEqual(expected);
    expect(expected).toHaveLength(MAX_RECENT);
    // Persisted: another hub (a new instance) reads the same list.
    expect(recentFiles().existing()).toEqual(expected);
    expect(JSON.parse(await readFile(path.join(maiaDir, "hub-recent.json"), "utf8"))).toEqual({ files: expected });
    expect(notices).toEqual([]);
  });

  it("records absolute paths, and counts one file once however it was written", async () => {
    const [file] = await files(1);
    const recent = recentFiles();
    await recent.record(`${root}/./config-0.json`);
    await recent.record(file ?? "");
    expect(recent.stored()).toEqual([file]);
  });

  it("leaves out files that no longer exist, but keeps them stored", async () => {
    const [kept] = await files(1);
    const recent = recentFiles();
    await recent.record(path.join(root, "gone.json"));
    await recent.record(kept ?? "");
    expect(recent.existing()).toEqual([kept]);
    expect(recent.stored()).toEqual([kept, path.join(root, "gone.json")]);
  });

  it.each([
    ["not JSON", "{ files: "],
    ["not the expected shape", '["/a.json"]'],
    ["a list holding a number", '{ "files": ["/a.json", 3] }'],
  ])("ignores a broken list (%s) with a warning, and writes a sound one next time", async (_what, text) => {
    await mkdir(maiaDir, { recursive: true });
    await writeFile(path.join(maiaDir, "hub-recent.json"), text);
    const recent = recentFiles();
    expect(recent.existing()).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`${path.join(maiaDir, "hub-recent.json")} is not a valid list of recent files`);
    const [file] = await files(1);
    await recent.record(file ?? "");
    expect(recent.existing()).toEqual([file]);
  });

  it("warns, without failing, when the list cannot be saved", async () => {
    await writeFile(maiaDir, "a file where the folder should be");
    const [file] = await files(1);
    await recentFiles().record(file ?? "");
    expect(notices[0]).toContain("could not be saved");
  });
});
