/**
 * The child process of trace-kill.test.ts: writes sub-agent traces in a loop until it is killed, printing one
 * line after each trace that was written: `trace <name> <count>`. Bundled into one file by the test
 * (bundleChild of @maia/testing-maia).
 */
import { writeTrace } from "./trace.ts";

const [cwd = "."] = process.argv.slice(2);

for (let round = 1; ; round += 1) {
  const text = `${round}:${"t".repeat(Math.floor(Math.random() * 100_000))}`;
  const name = await writeTrace({
    cwd,
    parentSession: "parent",
    agent: "reviewer",
    model: "fake-model",
    messages: [
      { role: "user", content: [{ type: "text", text: "review" }] },
      { role: "assistant", content: [{ type: "text", text }] },
    ],
    startedAt: new Date(),
    endedAt: new Date(),
  });
  process.stdout.write(`trace ${name} ${round}\n`);
}
