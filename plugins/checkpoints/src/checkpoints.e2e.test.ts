import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { maiaPerTest, runMaia } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";

const bed = maiaPerTest(() => startFakeLiteLLM());
/** maia's own time limit per run, generous: a loaded machine makes a turn with git snapshots slow. */
const SLOW = { timeoutMs: 90_000 };

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } });

/** A user's own repository, with one commit, a staged change, a stash and a hook: none of it may move. */
async function userRepository(cwd: string): Promise<() => string> {
  git(cwd, "init", "-q");
  git(cwd, "config", "user.email", "user@example.com");
  git(cwd, "config", "user.name", "User");
  await writeFile(path.join(cwd, ".gitignore"), "build/\n");
  await writeFile(path.join(cwd, "a.txt"), "one\n");
  await writeFile(path.join(cwd, "b.txt"), "keep me\n");
  await writeFile(path.join(cwd, "run.sh"), "echo run\n");
  await mkdir(path.join(cwd, "build"));
  await writeFile(path.join(cwd, "build", "out.bin"), "artefact\n");
  git(cwd, "add", "-A");
  git(cwd, "commit", "-q", "-m", "first");
  await writeFile(path.join(cwd, "stashed.txt"), "stash\n");
  git(cwd, "add", "stashed.txt");
  git(cwd, "stash", "-q");
  await writeFile(path.join(cwd, "staged.txt"), "staged\n");
  git(cwd, "add", "staged.txt");
  await writeFile(path.join(cwd, ".git", "hooks", "pre-commit"), "#!/bin/sh\necho hook >> hook-ran\n", { mode: 0o755 });
  // Everything git keeps about the user's repository, as one fingerprint.
  return () =>
    [
      git(cwd, "rev-parse", "HEAD"),
      git(cwd, "stash", "list"),
      git(cwd, "diff", "--cached", "--name-status"),
      createHash("sha256").update(execFileSync("cat", [path.join(cwd, ".git", "index")])).digest("hex"),
      existsSync(path.join(cwd, "hook-ran")) ? "hook ran" : "no hook",
      ...treeBytes(path.join(cwd, ".git")),
    ].join("|");
}

/** Every file under `folder` with its mode and a hash of its bytes: the user's .git, byte for byte. */
function treeBytes(folder: string, prefix = ""): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name);
      if (entry.isDirectory()) return [`${relative}/`, ...treeBytes(folder, relative)];
      const absolute = path.join(folder, relative);
      return [`${relative} ${(statSync(absolute).mode & 0o7777).toString(8)} ${createHash("sha256").update(readFileSync(absolute)).digest("hex")}`];
    });
}

/** Write replaces a file only once the model has read it: one answer that reads, then writes. */
function readThenWrite(file: string, content: string) {
  return {
    toolCalls: [
      { name: "Read", arguments: { path: file } },
      { name: "Write", arguments: { path: file, content } },
    ],
  };
}

async function turns(cwd: string, home: string) {
  const run = await runMaia(["checkpoints", "list", "--json"], { cwd, home, ...SLOW });
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Array<{ id: string; prompt: string; snapshot: string; files: Array<{ path: string; status: string; added?: number; removed?: number }> }>;
}

async function sessionMessages(cwd: string): Promise<unknown[]> {
  const folder = path.join(cwd, ".maia", ".sessions");
  const [file] = (await readdir(folder)).filter((name) => name.endsWith(".json"));
  return (JSON.parse(await readFile(path.join(folder, file ?? ""), "utf8")) as { messages: unknown[] }).messages;
}

// Each test runs maia three to five times; on a loaded machine that takes a while.
describe("checkpoints (maia -p, maia checkpoints)", { timeout: 120_000 }, () => {
  it("takes back what Write and Bash did — created, changed, deleted, mode — and the turn, without touching the user's git", async () => {
    const fingerprint = await userRepository(bed.cwd);
    const before = fingerprint();
    bed.server.enqueue(
      { toolCalls: [{ name: "Write", arguments: { path: "new.txt", content: "created\n" } }] },
      { toolCalls: [{ name: "Bash", arguments: { command: "rm b.txt && sed -i 's/one/two\\nthree/' a.txt && chmod +x run.sh && touch build/more.bin" } }] },
      { text: "done" },
    );
    const run = await runMaia(["-p", "change the files", "--model", "m", "--allow", "Write", "--allow", "Bash(*)"], { ...bed, ...SLOW });
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(bed.cwd, "a.txt"), "utf8")).toBe("two\nthree\n");
    expect(fingerprint(), "after the snapshots").toBe(before);

    const [turn] = await turns(bed.cwd, bed.home);
    expect(turn).toMatchObject({ prompt: "change the files", snapshot: "git" });
    expect(turn?.files).toEqual([
      { path: "a.txt", status: "M", added: 2, removed: 1 },
      { path: "b.txt", status: "D", added: 0, removed: 1 },
      { path: "new.txt", status: "A", added: 1, removed: 0 },
      { path: "run.sh", status: "M", added: 0, removed: 0 },
    ]);
    expect(await sessionMessages(bed.cwd)).not.toHaveLength(0);

    const restore = await runMaia(["checkpoints", "restore", turn?.id ?? "", "--yes"], { ...bed, ...SLOW });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("remove new.txt");
    expect(await readFile(path.join(bed.cwd, "a.txt"), "utf8")).toBe("one\n");
    expect(await readFile(path.join(bed.cwd, "b.txt"), "utf8")).toBe("keep me\n");
    expect(existsSync(path.join(bed.cwd, "new.txt"))).toBe(false);
    expect(statSync(path.join(bed.cwd, "run.sh")).mode & 0o111).toBe(0);
    // Ignored files are not part of checkpoints: the build output the command made stays.
    expect(existsSync(path.join(bed.cwd, "build", "more.bin"))).toBe(true);
    expect(await sessionMessages(bed.cwd)).toEqual([]);
    expect(fingerprint()).toBe(before);
    // .maia/ is ignored through .maia/.gitignore, and nothing else appeared.
    expect(git(bed.cwd, "status", "--porcelain")).toBe("A  staged.txt\n");
  });

  it("in a folder that is not a repository, takes back an Edit, a mv, a touch and a new folder", async () => {
    await writeFile(path.join(bed.cwd, "notes.md"), "# Notes\nold line\n");
    await writeFile(path.join(bed.cwd, "draft.txt"), "draft\n");
    bed.server.enqueue(
      { toolCalls: [{ name: "Read", arguments: { path: "notes.md" } }] },
      { toolCalls: [{ name: "Edit", arguments: { path: "notes.md", old_string: "old line", new_string: "new line" } }] },
      { toolCalls: [{ name: "Bash", arguments: { command: "mv draft.txt final.txt && touch empty.txt && mkdir -p made/deep && touch made/deep/file.txt" } }] },
      { text: "done" },
    );
    const run = await runMaia(["-p", "tidy up", "--model", "m", "--allow", "Read", "--allow", "Edit", "--allow", "Bash(*)"], { ...bed, ...SLOW });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(bed.cwd, "made", "deep", "file.txt"))).toBe(true);
    const [turn] = await turns(bed.cwd, bed.home);
    expect(turn?.files.map((file) => [file.path, file.status])).toEqual([
      ["draft.txt", "D"],
      ["empty.txt", "A"],
      ["final.txt", "A"],
      ["made/deep/file.txt", "A"],
      ["notes.md", "M"],
    ]);
    const restore = await runMaia(["checkpoints", "restore", turn?.id ?? "", "--files-only", "--yes"], { ...bed, ...SLOW });
    expect(restore.code, restore.stderr).toBe(0);
    expect(await readFile(path.join(bed.cwd, "notes.md"), "utf8")).toBe("# Notes\nold line\n");
    expect(await readFile(path.join(bed.cwd, "draft.txt"), "utf8")).toBe("draft\n");
    for (const gone of ["final.txt", "empty.txt", "made"]) expect(existsSync(path.join(bed.cwd, gone)), gone).toBe(false);
    expect(existsSync(path.join(bed.cwd, ".git"))).toBe(false);
  });

  it("records what a PostToolUse hook did after the last call, complete once maia -p has exited", async () => {
    // The snapshot after starts in the background after the call's result: it must come after the user's hooks
    // (the hook is slow so that a snapshot started before it would certainly miss what it wrote).
    bed.server.writeSettings(bed.home, {
      hooks: { PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "sleep 1 && printf 'formatted\\n' >> written.txt" }] }] },
    });
    bed.server.enqueue({ toolCalls: [{ name: "Write", arguments: { path: "written.txt", content: "draft\n" } }] }, { text: "done" });
    const run = await runMaia(["-p", "write it", "--model", "m", "--allow", "Write"], { ...bed, ...SLOW });
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(bed.cwd, "written.txt"), "utf8")).toBe("draft\nformatted\n");
    const [turn] = await turns(bed.cwd, bed.home);
    expect(turn).toMatchObject({ prompt: "write it", snapshot: "git", files: [{ path: "written.txt", status: "A", added: 2, removed: 0 }] });
    const restore = await runMaia(["checkpoints", "restore", turn?.id ?? "", "--files-only", "--yes"], { ...bed, ...SLOW });
    expect(restore.code, restore.stderr).toBe(0);
    expect(existsSync(path.join(bed.cwd, "written.txt"))).toBe(false);
  });

  it("takes no snapshot for a turn that only reads, and lists it", async () => {
    await writeFile(path.join(bed.cwd, "notes.txt"), "hello\n");
    bed.server.enqueue({ toolCalls: [{ name: "Read", arguments: { path: "notes.txt" } }] }, { text: "read it" });
    const run = await runMaia(["-p", "read notes", "--model", "m", "--allow", "Read"], { ...bed, ...SLOW });
    expect(run.code, run.stderr).toBe(0);
    const [turn] = await turns(bed.cwd, bed.home);
    expect(turn).toMatchObject({ prompt: "read notes", snapshot: "none", files: [] });
    const roots = await readdir(path.join(bed.home, ".maia", "checkpoints"));
    expect(roots).toHaveLength(1);
    expect(existsSync(path.join(bed.home, ".maia", "checkpoints", roots[0] ?? "", "git"))).toBe(false);
  });

  it("maia checkpoints prune forgets turns past the limits it is given, and refuses a bad limit", async () => {
    await writeFile(path.join(bed.cwd, "a.txt"), "one\n");
    bed.server.enqueue(readThenWrite("a.txt", "two\n"), { text: "ok" }, { text: "just talk" });
    await runMaia(["-p", "edit", "--model", "m", "--allow", "Read", "--allow", "Write"], { ...bed, ...SLOW });
    await runMaia(["-p", "talk", "--model", "m"], { ...bed, ...SLOW });
    expect((await turns(bed.cwd, bed.home)).map((turn) => turn.prompt)).toEqual(["talk", "edit"]);
    const bad = await runMaia(["checkpoints", "prune", "--keep", "x"], { ...bed, ...SLOW });
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("maia checkpoints prune [--keep N] [--days D]") });
    const kept = await runMaia(["checkpoints", "prune"], { ...bed, ...SLOW });
    expect(kept).toMatchObject({ code: 0, stdout: "0 turns forgotten.\n" });
    const one = await runMaia(["checkpoints", "prune", "--keep", "1"], { ...bed, ...SLOW });
    expect(one).toMatchObject({ code: 0, stdout: "1 turn forgotten.\n" });
    expect((await turns(bed.cwd, bed.home)).map((turn) => turn.prompt)).toEqual(["talk"]);
    const all = await runMaia(["checkpoints", "prune", "--keep", "0"], { ...bed, ...SLOW });
    expect(all).toMatchObject({ code: 0, stdout: "1 turn forgotten.\n" });
    expect(await turns(bed.cwd, bed.home)).toEqual([]);
  });

  it("asks before restoring and changes nothing when nobody can answer", async () => {
    await writeFile(path.join(bed.cwd, "a.txt"), "one\n");
    bed.server.enqueue(readThenWrite("a.txt", "two\n"), { text: "ok" });
    await runMaia(["-p", "edit", "--model", "m", "--allow", "Read", "--allow", "Write"], { ...bed, ...SLOW });
    const [turn] = await turns(bed.cwd, bed.home);
    const restore = await runMaia(["checkpoints", "restore", turn?.id ?? ""], { ...bed, ...SLOW });
    expect(restore.code).toBe(1);
    expect(restore.stdout).toContain("restore a.txt");
    expect(restore.stdout).toContain("--yes");
    expect(await readFile(path.join(bed.cwd, "a.txt"), "utf8")).toBe("two\n");
  });

  it("restores files only or the conversation only, and says which id is unknown", async () => {
    await writeFile(path.join(bed.cwd, "a.txt"), "one\n");
    bed.server.enqueue(readThenWrite("a.txt", "two\n"), { text: "ok" });
    await runMaia(["-p", "edit", "--model", "m", "--allow", "Read", "--allow", "Write"], { ...bed, ...SLOW });
    const [turn] = await turns(bed.cwd, bed.home);
    const conversation = await runMaia(["checkpoints", "restore", turn?.id ?? "", "--conversation-only", "--yes"], { ...bed, ...SLOW });
    expect(conversation.code, conversation.stderr).toBe(0);
    expect(await sessionMessages(bed.cwd)).toEqual([]);
    expect(await readFile(path.join(bed.cwd, "a.txt"), "utf8")).toBe("two\n");
    const files = await runMaia(["checkpoints", "restore", turn?.id ?? "", "--files-only", "--yes"], { ...bed, ...SLOW });
    expect(files.code, files.stderr).toBe(0);
    expect(await readFile(path.join(bed.cwd, "a.txt"), "utf8")).toBe("one\n");
    const unknown = await runMaia(["checkpoints", "restore", "nope"], { ...bed, ...SLOW });
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining("No checkpoint « nope »") });
  });

  it("without git, undoes what Write did from copies and says once that Bash cannot be undone", async () => {
    const nodeOnly = path.join(bed.home, "bin");
    await mkdir(nodeOnly);
    await writeFile(path.join(nodeOnly, "node"), `#!/bin/sh\nexec "${process.execPath}" "$@"\n`);
    await chmod(path.join(nodeOnly, "node"), 0o755);
    await writeFile(path.join(bed.cwd, "a.txt"), "one\n");
    bed.server.enqueue(
      readThenWrite("a.txt", "two\n"),
      { toolCalls: [{ name: "Write", arguments: { path: "fresh.txt", content: "new\n" } }] },
      { toolCalls: [{ name: "Bash", arguments: { command: "echo hi" } }] },
      { toolCalls: [{ name: "Bash", arguments: { command: "echo again" } }] },
      { text: "ok" },
    );
    const env = { PATH: `${nodeOnly}:/nonexistent` };
    const run = await runMaia(["-p", "edit", "--model", "m", "--allow", "Read", "--allow", "Write", "--allow", "Bash(*)"], { ...bed, env, ...SLOW });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.match(/git was not found/g)).toHaveLength(1);
    const listed = await runMaia(["checkpoints", "list", "--json"], { ...bed, env, ...SLOW });
    const [turn] = JSON.parse(listed.stdout) as Array<{ id: string; snapshot: string; files: unknown[] }>;
    expect(turn).toMatchObject({ snapshot: "copies", files: [{ path: "a.txt", status: "M" }, { path: "fresh.txt", status: "A" }] });
    const restore = await runMaia(["checkpoints", "restore", turn?.id ?? "", "--files-only", "--yes"], { ...bed, env, ...SLOW });
    expect(restore.code, restore.stderr).toBe(0);
    expect(await readFile(path.join(bed.cwd, "a.txt"), "utf8")).toBe("one\n");
    expect(existsSync(path.join(bed.cwd, "fresh.txt"))).toBe(false);
  });
});
