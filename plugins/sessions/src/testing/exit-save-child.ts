/**
 * The child process of save-sync.test.ts: builds a session, adds messages and ends with `process.exit()` at
 * once, the session being written by `saveSync` from `process.on("exit")` as the interactive front end does.
 * Modes (argv[3]): "plain" (nothing saved before), "in-flight" (an asynchronous save is writing when the process
 * exits), "renamed" (saved once, renamed, more messages, then the exit). argv[4]: how many messages in all.
 * Prints `expect <name> <count>` before exiting: what the file must hold.
 * Run by Node directly (type stripping), so it uses only the keeper and the plain sample session.
 */
import { sampleSession } from "@maia/testing-kernel/sample-session";
import { SessionKeeper } from "../session-keeper.ts";

const [cwd = ".", mode = "plain", total = "6"] = process.argv.slice(2);
const count = Number(total);

const session = sampleSession(cwd, "exit");

const keeper = new SessionKeeper({ cwd, warn: (message) => process.stderr.write(`${message}\n`) });
keeper.rename(session, "exit-test");
process.on("exit", () => {
  keeper.saveSync(session);
});

const add = (index: number) =>
  session.messages.push({
    role: index % 2 === 0 ? "user" : "assistant",
    content: [{ type: "text", text: `exit:${index}:${"y".repeat(50_000 + Math.floor(Math.random() * 100_000))}` }],
  });

const half = Math.floor(count / 2);
for (let index = 0; index < half; index += 1) add(index);
if (mode === "renamed") {
  await keeper.save(session);
  keeper.rename(session, "exit-renamed");
} else if (mode === "in-flight") {
  void keeper.save(session);
  // Let the asynchronous save reach the disk (its folder, its temporary file), without waiting for it.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
}
for (let index = half; index < count; index += 1) add(index);
process.stdout.write(`expect ${mode === "renamed" ? "exit-renamed" : "exit-test"} ${count}\n`);
process.exit(0);
