import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentSession, Message } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { sampleSession } from "@maia/testing-kernel";
import { tempFolder } from "@maia/testing-maia";
import { SessionKeeper } from "./session-keeper.ts";

const CHILD = fileURLToPath(new URL("./testing/exit-save-child.ts", import.meta.url));
const sessionsDir = (cwd: string) => join(cwd, ".maia", ".sessions");
const files = async (cwd: string) => (existsSync(sessionsDir(cwd)) ? (await readdir(sessionsDir(cwd))).sort() : []);
const readSaved = async (cwd: string, name: string) =>
  JSON.parse(await readFile(join(sessionsDir(cwd), `${name}.json`), "utf8")) as { name: string; messages: Message[] };

function runChild(cwd: string, mode: string, count: number): Promise<{ code: number | null; name: string; count: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, cwd, mode, String(count)], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      const [, name = "", expected = "0"] = /^expect (\S+) (\d+)$/m.exec(stdout) ?? [];
      resolve({ code, name, count: Number(expected), stderr });
    });
  });
}

const say = (session: AgentSession, text: string) => session.messages.push({ role: "user", content: [{ type: "text", text }] });

async function setup() {
  const cwd = await tempFolder("maia-savesync-");
  const keeper = new SessionKeeper({ cwd, warn: () => undefined });
  return { cwd, keeper, session: sampleSession(cwd) };
}

describe("saveSync: the session written on process exit (seed § 5.5)", () => {
  for (const mode of ["plain", "in-flight", "renamed"]) {
    it(`a child that exits right after adding messages leaves its file complete (${mode})`, { timeout: 60_000 }, async () => {
      for (let run = 0; run < 5; run += 1) {
        const cwd = await tempFolder("maia-exit-");
        const result = await runChild(cwd, mode, 6 + run);
        expect(result.stderr).toBe("");
        expect(result.code).toBe(0);
        // One session file, complete, with every message: no duplicate, no temporary left behind by saveSync.
        const entries = await files(cwd);
        expect(entries.filter((entry) => entry.endsWith(".json"))).toEqual([`${result.name}.json`]);
        const saved = await readSaved(cwd, result.name);
        expect(saved.name).toBe(result.name);
        expect(saved.messages).toHaveLength(result.count);
        expect(saved.messages.map((message) => (message.content[0] as { text: string }).text.split(":")[1])).toEqual(
          Array.from({ length: result.count }, (_, index) => String(index)),
        );
        expect(existsSync(join(cwd, ".gitignore"))).toBe(false); // not a git repository: nothing written there
      }
    });
  }

  it("follows the rules of save: never an empty session, nothing when unchanged", async () => {
    const { cwd, keeper, session } = await setup();
    expect(keeper.saveSync(session).status).toBe("empty");
    expect(existsSync(sessionsDir(cwd))).toBe(false);
    say(session, "hello");
    const first = keeper.saveSync(session);
    expect(first.status).toBe("saved");
    expect(keeper.saveSync(session)).toEqual({ status: "unchanged", name: first.name });
    expect(await keeper.save(session)).toEqual({ status: "unchanged", name: first.name });
    expect(await files(cwd)).toEqual([`${first.name}.json`]);
    expect(existsSync(join(cwd, ".gitignore"))).toBe(false); // not a git repository: nothing written there
  });

  it("claims a free name, never overwriting another session's file", async () => {
    const { cwd, keeper, session } = await setup();
    await mkdir(sessionsDir(cwd), { recursive: true });
    await writeFile(join(sessionsDir(cwd), "Taken.json"), "{}");
    keeper.rename(session, "taken");
    say(session, "hello");
    expect(keeper.saveSync(session)).toEqual({ status: "saved", name: "taken_2" });
    expect(session.state.get("sessions:name")).toBe("taken_2");
    expect(await readFile(join(sessionsDir(cwd), "Taken.json"), "utf8")).toBe("{}");
    expect((await readSaved(cwd, "taken_2")).messages).toHaveLength(1);
  });

  it("renames like save: the new name claimed, the old file removed; a change of case keeps the file", async () => {
    const { cwd, keeper, session } = await setup();
    keeper.rename(session, "first");
    say(session, "one");
    keeper.saveSync(session);
    keeper.rename(session, "second");
    expect(keeper.saveSync(session)).toEqual({ status: "saved", name: "second" });
    expect(await files(cwd)).toEqual(["second.json"]);
    keeper.rename(session, "SECOND");
    expect(keeper.saveSync(session)).toEqual({ status: "saved", name: "SECOND" });
    expect(await files(cwd)).toEqual(["SECOND.json"]);
    expect((await readSaved(cwd, "SECOND")).name).toBe("SECOND");
  });

  it("a queued asynchronous save finds the session unchanged after saveSync wrote the latest state", async () => {
    const { cwd, keeper, session } = await setup();
    say(session, "one");
    const queued = keeper.save(session);
    say(session, "two");
    const now = keeper.saveSync(session);
    expect(now.status).toBe("saved");
    expect(await queued).toEqual({ status: "unchanged", name: now.name });
    expect(await files(cwd)).toEqual([`${now.name}.json`]);
    expect((await readSaved(cwd, now.name)).messages).toHaveLength(2);
  });

  // The asynchronous save is caught at every stage of its work (folder, claim, overwrite, rename).
  for (const stage of ["first claim", "overwrite", "rename", "change of case"]) {
    it(`saveSync during an asynchronous save that is writing (${stage}) neither corrupts nor duplicates`, { timeout: 60_000 }, async () => {
      for (let delay = 0; delay < 24; delay += 1) {
        const { cwd, keeper, session } = await setup();
        // The folder is ready (another session saved): the asynchronous save goes straight to its writes.
        const warmUp = sampleSession(cwd);
        keeper.rename(warmUp, "warm-up");
        say(warmUp, "warm");
        await keeper.save(warmUp);
        keeper.rename(session, "work");
        say(session, `first:${"z".repeat(200_000)}`);
        if (stage !== "first claim") {
          await keeper.save(session);
          say(session, `second:${"z".repeat(200_000)}`);
          if (stage === "rename") keeper.rename(session, "other");
          if (stage === "change of case") keeper.rename(session, "WORK");
        }
        const expectedName = stage === "rename" ? "other" : stage === "change of case" ? "WORK" : "work";
        const inFlight = keeper.save(session);
        // A few turns of the event loop: the asynchronous save is somewhere in its writes.
        for (let tick = 0; tick < delay; tick += 1) await new Promise((resolve) => setImmediate(resolve));
        say(session, "latest");
        const now = keeper.saveSync(session);
        const later = await inFlight;
        expect(now.name).toBe(expectedName);
        expect(later.name).toBe(expectedName);
        // Whatever the order, the latest state is on disk, once, and nothing is left to save.
        expect(await keeper.save(session)).toEqual({ status: "unchanged", name: expectedName });
        const entries = await files(cwd);
        expect(entries).toEqual([`${expectedName}.json`, "warm-up.json"].sort());
        const saved = await readSaved(cwd, expectedName);
        expect(saved.name).toBe(expectedName);
        expect(saved.messages).toEqual(session.messages);
      }
    });
  }
});
