import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { mkdtemp } from "node:fs/promises";
import { runMaia } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { bundleBuilt } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt();
// The context size comes from /model/info, so that no scripted answer is taken by the question about it.
const bed = terminalPerTest({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

const INPUT = "Your request — /help: help";
const bash = (command: string) => ({ toolCalls: [{ name: "Bash", arguments: { command } }] });

async function project(): Promise<string> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
  await writeFile(path.join(cwd, "a.txt"), "one\n");
  await writeFile(path.join(cwd, "b.txt"), "bee\n");
  return cwd;
}

const sentTexts = (body: { messages?: Array<{ content?: unknown }> } | undefined) => JSON.stringify(body?.messages ?? []);

describe.skipIf(!ready)("checkpoints in the terminal", { timeout: 120_000 }, () => {
  it("/undo lists what it will change, asks, restores the files and takes the turn out of the conversation", async () => {
    const cwd = await project();
    bed.server.enqueue(bash("sed -i s/one/two/ a.txt && rm b.txt"), { text: "Changed them." }, { text: "Fresh start." });
    const { terminal } = await bed.start({ lang: "en", cwd });
    await terminal.waitFor(INPUT);
    await terminal.submit("change the files");
    await terminal.waitFor("(y/n/s=stop)");
    await terminal.press("y");
    await terminal.waitFor("Changed them.");
    await terminal.waitFor(INPUT);
    expect(existsSync(path.join(cwd, "b.txt"))).toBe(false);

    await terminal.submit("/undo");
    const question = await terminal.waitFor("Take back the turn « change the files »?");
    expect(question).toContain("restore a.txt");
    expect(question).toContain("recreate b.txt");
    expect(question).toContain("The conversation goes back to before that request.");
    await terminal.press("y");
    await terminal.waitFor("2 files restored. The conversation went back to before that request.");
    expect(await readFile(path.join(cwd, "a.txt"), "utf8")).toBe("one\n");
    expect(await readFile(path.join(cwd, "b.txt"), "utf8")).toBe("bee\n");

    await terminal.waitFor(INPUT);
    await terminal.submit("something else");
    await terminal.waitFor("Fresh start.");
    const last = bed.server.chatBodies().at(-1);
    expect(sentTexts(last)).toContain("something else");
    expect(sentTexts(last)).not.toContain("change the files");
  });

  it("/rewind lists the turns and restores the files only, keeping the conversation", async () => {
    const cwd = await project();
    bed.server.enqueue(
      bash("sed -i s/one/two/ a.txt"),
      { text: "First done." },
      bash("sed -i s/two/three/ a.txt"),
      { text: "Second done." },
      { text: "Still here." },
    );
    const { terminal } = await bed.start({ lang: "en", cwd });
    await terminal.waitFor(INPUT);
    await terminal.submit("first change");
    await terminal.waitFor("(y/n/s=stop)");
    await terminal.press("y");
    await terminal.waitFor("First done.");
    await terminal.waitFor(INPUT);
    await terminal.submit("second change");
    await terminal.waitFor("(y/n/s=stop)");
    await terminal.press("y");
    await terminal.waitFor("Second done.");
    await terminal.waitFor(INPUT);

    await terminal.submit("/rewind");
    const list = await terminal.waitFor("Go back to before which request?");
    expect(list).toMatch(/second change[\s\S]*first change/);
    expect(list).toContain("a.txt +1 −1");
    await terminal.press("Down");
    await terminal.press("Enter");
    await terminal.waitFor("What should go back?");
    await terminal.press("Down");
    await terminal.press("Enter");
    await terminal.waitFor("Go back to before « first change » (2 turns taken back)?");
    await terminal.press("y");
    await terminal.waitFor("1 file restored.");
    expect(await readFile(path.join(cwd, "a.txt"), "utf8")).toBe("one\n");

    await terminal.waitFor(INPUT);
    await terminal.submit("and now");
    await terminal.waitFor("Still here.");
    expect(sentTexts(bed.server.chatBodies().at(-1))).toContain("second change");
  });

  it("/rewind restores files and conversation, or the conversation only", async () => {
    for (const scope of ["both", "conversation"] as const) {
      const cwd = await project();
      bed.server.enqueue(bash("sed -i s/one/two/ a.txt"), { text: "First done." }, bash("sed -i s/two/three/ a.txt"), { text: "Second done." }, { text: "Still here." });
      const { terminal } = await bed.start({ lang: "en", cwd });
      await terminal.waitFor(INPUT);
      for (const [request, answer] of [["first change", "First done."], ["second change", "Second done."]] as const) {
        await terminal.submit(request);
        await terminal.waitFor("(y/n/s=stop)");
        await terminal.press("y");
        await terminal.waitFor(answer);
        await terminal.waitFor(INPUT);
      }
      await terminal.submit("/rewind");
      await terminal.waitFor("Go back to before which request?");
      await terminal.press("Down");
      await terminal.press("Enter");
      await terminal.waitFor("What should go back?");
      // The choices: files and conversation (first), files only, conversation only.
      if (scope === "conversation") await terminal.press("Down", "Down");
      await terminal.press("Enter");
      await terminal.waitFor("Go back to before « first change » (2 turns taken back)?");
      await terminal.press("y");
      await terminal.waitFor("The conversation went back to before that request.");
      expect(await readFile(path.join(cwd, "a.txt"), "utf8")).toBe(scope === "both" ? "one\n" : "three\n");
      await terminal.waitFor(INPUT);
      await terminal.submit("and now");
      await terminal.waitFor("Still here.");
      const sent = sentTexts(bed.server.chatBodies().at(-1));
      expect(sent).not.toContain("first change");
      expect(sent).not.toContain("second change");
      await terminal.close();
    }
  });

  it("a turn is found again by /undo once its session is loaded back with /load, and not in another session", async () => {
    const cwd = await project();
    bed.server.enqueue(bash("rm b.txt"), { text: "Removed." });
    const { terminal } = await bed.start({ lang: "en", cwd });
    await terminal.waitFor(INPUT);
    await terminal.submit("remove b");
    await terminal.waitFor("(y/n/s=stop)");
    await terminal.press("y");
    await terminal.waitFor("Removed.");
    await terminal.waitFor(INPUT);
    await terminal.submit("/new");
    await terminal.waitFor("New session:");
    await terminal.waitFor(INPUT);
    await terminal.submit("/undo");
    await terminal.waitFor("No turn of this session to take back.");
    await terminal.waitFor(INPUT);
    await terminal.submit("/load");
    await terminal.waitFor("Load a session");
    await terminal.press("Enter");
    await terminal.waitFor("» loaded (");
    await terminal.waitFor(INPUT);
    expect(existsSync(path.join(cwd, "b.txt"))).toBe(false);
    await terminal.submit("/undo");
    await terminal.waitFor("Take back the turn « remove b »?");
    await terminal.press("y");
    await terminal.waitFor("1 file restored.");
    expect(await readFile(path.join(cwd, "b.txt"), "utf8")).toBe("bee\n");
  });

  it("a turn of maia -p is found again by /undo in the session resumed with --continue", async () => {
    const cwd = await project();
    bed.server.enqueue(bash("rm b.txt"), { text: "Removed." });
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    await bed.server.writeSettings(home);
    const headless = await runMaia(["-p", "remove b", "--model", "fake-model", "--allow", "Bash(rm b.txt)"], { cwd, home });
    expect(headless.code, headless.stderr).toBe(0);
    expect(existsSync(path.join(cwd, "b.txt"))).toBe(false);
    const { terminal } = await bed.start({ lang: "en", cwd, home, args: ["--model", "fake-model", "--continue"] });
    await terminal.waitFor(INPUT);
    await terminal.submit("/undo");
    await terminal.waitFor("Take back the turn « remove b »?");
    await terminal.press("y");
    await terminal.waitFor("1 file restored.");
    expect(await readFile(path.join(cwd, "b.txt"), "utf8")).toBe("bee\n");
  });
});
