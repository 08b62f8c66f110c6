import { existsSync } from "node:fs";
import { readFile, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import type { InteractionPort, Message } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { CheckpointStore } from "./checkpoint-store.ts";
import { markOf } from "./conversation-mark.ts";
import { prune } from "./prune.ts";
import { MAX_FILE_BYTES } from "./shadow-repo.ts";
import { takeBack } from "./undo-flow.ts";
import type { LoggedTurn } from "./restore-files.ts";

/** The person in front of the terminal: answers the confirmations in order, and remembers the questions. */
function person(...answers: boolean[]): InteractionPort & { questions: string[] } {
  const questions: string[] = [];
  return {
    canAsk: true,
    questions,
    async confirm(message) {
      questions.push(message);
      return answers.shift() ?? false;
    },
  };
}

const say = (role: Message["role"], text: string): Message => ({ role, content: [{ type: "text", text }] });

async function recordedTurn(store: CheckpointStore, change: () => Promise<void>, conversation: Message[]): Promise<LoggedTurn> {
  const mark = markOf(conversation);
  const before = await store.repo.snapshot("before");
  await change();
  const after = await store.repo.snapshot("after");
  const id = `t${Math.random().toString(16).slice(2, 8)}`;
  await store.append({ type: "turn", id, at: new Date().toISOString(), session: "s", prompt: "change", conversation: mark, before, after, files: await store.repo.changes(before, after) });
  const turn = (await store.read()).turns.find((entry) => entry.id === id);
  if (!turn) throw new Error("not recorded");
  return turn;
}

async function folder() {
  const cwd = await tempFolder("maia-cp-");
  const home = await tempFolder("maia-cp-home-");
  await writeFile(path.join(cwd, "a.txt"), "a1\n");
  await writeFile(path.join(cwd, "b.txt"), "b1\n");
  return { cwd, store: await CheckpointStore.open({ homeDir: home, cwd, env: process.env }) };
}

describe("taking back a turn", () => {
  it("names a file changed outside MAIA since the turn and leaves it when the user says no", async () => {
    const { cwd, store } = await folder();
    const conversation = [say("user", "hi"), say("assistant", "hello")];
    const turn = await recordedTurn(
      store,
      async () => {
        await writeFile(path.join(cwd, "a.txt"), "a2\n");
        await writeFile(path.join(cwd, "b.txt"), "b2\n");
        await writeFile(path.join(cwd, "c.txt"), "c2\n");
      },
      conversation,
    );
    const messages = [...conversation, say("user", "change"), say("assistant", "changed")];
    await writeFile(path.join(cwd, "b.txt"), "edited by the user\n");
    const port = person(true, false);
    const infos: string[] = [];
    const done = await takeBack({ messages }, [turn], "both", { store, interaction: port, info: (line) => infos.push(line), conversationChanged: async () => undefined });
    expect(done).toBe(true);
    expect(port.questions[0]).toContain("restore a.txt");
    expect(port.questions[0]).toContain("remove c.txt");
    expect(port.questions[0]).not.toContain("b.txt");
    expect(port.questions[1]).toContain("restore b.txt");
    expect(await readFile(path.join(cwd, "a.txt"), "utf8")).toBe("a1\n");
    expect(await readFile(path.join(cwd, "b.txt"), "utf8")).toBe("edited by the user\n");
    expect(existsSync(path.join(cwd, "c.txt"))).toBe(false);
    expect(messages).toEqual(conversation);
    expect(infos.join(" ")).toContain("2 files restored. 1 file changed since was left as it is.");
    const log = await store.read();
    expect(log.turns[0]).toMatchObject({ filesUndone: true, conversationUndone: true });
  });

  it("restores the changed file too when the user says yes, and changes nothing when they say no first", async () => {
    const { cwd, store } = await folder();
    const turn = await recordedTurn(store, () => writeFile(path.join(cwd, "a.txt"), "a2\n"), []);
    await writeFile(path.join(cwd, "a.txt"), "user\n");
    const refusing = person(false);
    expect(await takeBack({ messages: [say("user", "x")] }, [turn], "files", { store, interaction: refusing, info: () => undefined, conversationChanged: async () => undefined })).toBe(false);
    expect(await readFile(path.join(cwd, "a.txt"), "utf8")).toBe("user\n");
    const accepting = person(true);
    await takeBack({ messages: [] }, [turn], "files", { store, interaction: accepting, info: () => undefined, conversationChanged: async () => undefined });
    expect(await readFile(path.join(cwd, "a.txt"), "utf8")).toBe("a1\n");
  });

  it("leaves files over the size limit out of checkpoints", async () => {
    const { cwd, store } = await folder();
    const turn = await recordedTurn(
      store,
      async () => {
        await writeFile(path.join(cwd, "big.bin"), "");
        await truncate(path.join(cwd, "big.bin"), MAX_FILE_BYTES + 1);
        await writeFile(path.join(cwd, "small.txt"), "s\n");
      },
      [],
    );
    expect(turn.files.map((file) => file.path)).toEqual(["small.txt"]);
  });
});

describe("pruning", () => {
  it("keeps the newest turns and forgets the refs of the others", async () => {
    const { cwd, store } = await folder();
    for (const value of ["1", "2", "3"]) await recordedTurn(store, () => writeFile(path.join(cwd, "a.txt"), value), []);
    const forgotten = await prune(store, { keep: 1, days: 30, collect: false });
    expect(forgotten).toBe(2);
    const log = await store.read();
    expect(log.turns).toHaveLength(1);
    const refs = (await store.repo.git(["for-each-ref", "--format=%(refname)", "refs/maia/"])).stdout.trim().split("\n");
    expect(refs.sort()).toEqual([`refs/maia/${log.turns[0]?.after}`, `refs/maia/${log.turns[0]?.before}`].sort());
  });

  it("forgets turns older than the age limit", async () => {
    const { cwd, store } = await folder();
    await recordedTurn(store, () => writeFile(path.join(cwd, "a.txt"), "x"), []);
    const later = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
    expect(await prune(store, { keep: 200, days: 30, collect: true }, later)).toBe(1);
    expect((await store.read()).turns).toEqual([]);
  });
});
