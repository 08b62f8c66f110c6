import { readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { forgetFilesSeen, freshness, markFileSeenFromDisk } from "./files-seen.ts";
import { tempFolder } from "./testing/harness.ts";

async function check(state: Map<string, unknown>, file: string) {
  return freshness(state, file, await stat(file), () => readFile(file));
}

describe("files seen", () => {
  it("tells unseen, fresh and changed files apart: size and time first, then the content hash", async () => {
    const folder = await tempFolder();
    const file = path.join(folder, "a.txt");
    await writeFile(file, "one\n");
    const state = new Map<string, unknown>();
    expect(await check(state, file)).toBe("unseen");
    await markFileSeenFromDisk(state, file);
    expect(await check(state, file)).toBe("fresh");
    const later = new Date(Date.now() + 5000);
    await utimes(file, later, later);
    expect(await check(state, file)).toBe("fresh");
    await writeFile(file, "two\n"); // Same size, new content.
    expect(await check(state, file)).toBe("changed");
    forgetFilesSeen(state);
    expect(await check(state, file)).toBe("unseen");
  });
});
