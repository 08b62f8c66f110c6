/**
 * The child process of crash.test.ts: saves two sessions in a loop (growing conversations, renames, changes of
 * case) until it is killed, printing one line after each save that completed: `saved <session> <file> <count>`.
 * Bundled into one file by the test (bundleChild of @maia/testing-maia); it uses only the keeper and the plain
 * sample session.
 */
import { sampleSession } from "@maia/testing-kernel/sample-session";
import { SessionKeeper } from "../session-keeper.ts";

const [cwd = "."] = process.argv.slice(2);

const keeper = new SessionKeeper({ cwd, warn: (message) => process.stderr.write(`${message}\n`) });
const sessions = [sampleSession(cwd, "A"), sampleSession(cwd, "B")];
const names: Record<string, string[]> = { A: ["alpha", "alpha-renamed", "ALPHA-RENAMED"], B: ["beta"] };
for (const current of sessions) keeper.rename(current, names[current.id]?.[0] ?? current.id);

for (let iteration = 1; ; iteration += 1) {
  for (const current of sessions) {
    const size = Math.floor(Math.random() * 200_000);
    current.messages.push({ role: "user", content: [{ type: "text", text: `${current.id}:${iteration}:${"x".repeat(size)}` }] });
    const choices = names[current.id] ?? [];
    if (iteration % 3 === 0 && choices.length > 1) keeper.rename(current, choices[iteration % choices.length] ?? current.id);
    const result = await keeper.save(current);
    process.stdout.write(`saved ${current.id} ${result.name} ${current.messages.length}\n`);
  }
}
