import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Real bash as the oracle of the Bash analysis' property tests: a text runs with every builtin but `echo` disabled
 * and no PATH, so that every other command it would run (builtin or program) reaches `command_not_found_handle`,
 * which logs its name.
 */

// The builtins to disable, listed once: asking bash for them in each run (`enable -n $(enable | …)`) cost two
// more processes per text, most of the time these tests took.
const BUILTINS = spawnSync("/bin/bash", ["--norc", "--noprofile", "-c", "enable"], { encoding: "utf8" })
  .stdout.split("\n")
  .map((line) => line.split(" ")[1] ?? "")
  .filter((name) => name !== "" && name !== "echo");

const PREAMBLE = `command_not_found_handle() { echo "$1" >> "$LOG"; }; enable -n ${BUILTINS.join(" ")}\n`;

/** Runs `command` in `folder` (its HOME too) and returns the names of the commands it ran but echo, in order. */
export function commandsRunByBash(command: string, folder: string, logName = ".log"): string[] {
  const log = path.join(folder, logName);
  spawnSync("/bin/bash", ["--norc", "--noprofile", "-c", PREAMBLE + command], {
    cwd: folder,
    env: { PATH: path.join(folder, "no-such-folder"), LOG: log, HOME: folder },
    timeout: 3_000,
    stdio: "ignore",
  });
  try {
    return readFileSync(log, "utf8").split("\n").slice(0, -1);
  } catch {
    return [];
  }
}
