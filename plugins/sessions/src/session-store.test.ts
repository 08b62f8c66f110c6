import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { serializeSavedSession } from "./saved-session.ts";
import { SessionStore } from "./session-store.ts";

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

async function store() {
  const cwd = await tempFolder("maia-store-");
  const sessions = new SessionStore(cwd);
  await sessions.ensureDir();
  return sessions;
}

const body = (updatedAt: string, messages = 1) =>
  serializeSavedSession({
    createdAt: updatedAt,
    updatedAt,
    model: "fake-model",
    cwd: "/w",
    messages: Array.from({ length: messages }, () => ({ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] })),
    pendingContext: [],
  });

describe("SessionStore", () => {
  it("claims name, then name_2, name_3 when taken, whatever the case of the taken file", async () => {
    const sessions = await store();
    expect(await sessions.claim("notes", body("2025-01-01T00:00:00Z"))).toBe("notes");
    expect(await sessions.claim("notes", body("2025-01-01T00:00:00Z"))).toBe("notes_2");
    expect(await sessions.claim("NOTES", body("2025-01-01T00:00:00Z"))).toBe("NOTES_3");
    expect((await readdir(sessions.dir)).sort()).toEqual(["NOTES_3.json", "notes.json", "notes_2.json"]);
    expect(JSON.parse(await readFile(sessions.fileOf("notes_2"), "utf8")).name).toBe("notes_2");
  });

  it("lists the most recent first, and skips unreadable files with their reason", async () => {
    const sessions = await store();
    await sessions.claim("old", body("2025-01-01T00:00:00.000Z"));
    await sessions.claim("recent", body("2025-03-01T00:00:00.000Z", 3));
    await writeFile(sessions.fileOf("broken"), "{ not json");
    await writeFile(join(sessions.dir, "notes.txt"), "ignored");
    const { sessions: list, problems } = await sessions.list();
    expect(list.map((entry) => [entry.name, entry.messageCount])).toEqual([
      ["recent", 3],
      ["old", 1],
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/^Session file \.maia\/\.sessions\/broken\.json is unreadable: /);
  });

  it("gives an empty list when the folder does not exist yet", async () => {
    const cwd = await tempFolder("maia-store-");
    expect(await new SessionStore(cwd).list()).toEqual({ sessions: [], problems: [] });
  });

  it("removes temporary files of dead processes only", async () => {
    const sessions = await store();
    const dead = join(sessions.dir, "a.json.tmp-999999999-abcd1234");
    const mine = join(sessions.dir, `b.json.tmp-${process.pid}-abcd1234`);
    await writeFile(dead, "x");
    await writeFile(mine, "x");
    await sessions.removeStaleTemporaries();
    expect((await readdir(sessions.dir)).sort()).toEqual([`b.json.tmp-${process.pid}-abcd1234`]);
  });

  it("never lists temporary files", async () => {
    const sessions = await store();
    await mkdir(sessions.dir, { recursive: true });
    await writeFile(join(sessions.dir, "x.json.tmp-1-aa"), "{}");
    expect(await sessions.names()).toEqual([]);
  });
});
