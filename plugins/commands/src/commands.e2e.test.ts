import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { maiaPerTest, runMaia } from "@maia/testing-maia";
import { beforeEach, describe, expect, it } from "vitest";
import { writeCommand } from "./testing/commands.ts";

const bed = maiaPerTest(() => startFakeLiteLLM());
beforeEach(async () => {
  await writeCommand(path.join(bed.cwd, ".maia", "commands"), "git/summary.md", "---\ndescription: Summarise\n---\nSummarise the changes of $1 for $2.\n");
  await writeCommand(path.join(bed.cwd, ".claude", "commands"), "broken.md", "---\ndescription: ok\n  model: [oops: x\n---\nbody\n");
});

type Body = { messages: Array<{ role: string; content: string | null }> };

describe("maia -p with custom commands (end to end, real process)", () => {
  it("runs a namespaced command with its arguments and warns about a broken file on stderr", async () => {
    bed.server.enqueue({ text: "Summary." });
    const run = await runMaia(["-p", '/git:summary main "the release notes"', "--model", "fake-model"], bed);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Summary.\n");
    const sent = (bed.server.chatBodies()[0] as Body).messages.filter((message) => message.role === "user").map((message) => String(message.content));
    expect(sent.join("\n")).toContain("Summarise the changes of main for the release notes.");
    expect(run.stderr).toContain(`${path.join(bed.cwd, ".claude", "commands", "broken.md")} (line 2): invalid YAML header`);
  });
});
