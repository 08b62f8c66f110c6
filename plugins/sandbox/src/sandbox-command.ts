import type { SlashCommand, Subcommand } from "@maia/kernel";
import { checkWalls } from "./check-walls.ts";
import { formatView } from "./format-view.ts";
import { t } from "./messages.ts";
import type { SandboxState } from "./sandbox-state.ts";

/** `/sandbox`: the state, the boundary, the settings in force and the last refusals. */
export function sandboxSlashCommand(state: SandboxState, homeDir: string): SlashCommand {
  return {
    name: "sandbox",
    description: t("description"),
    async run({ output }) {
      output.info(formatView(await state.view(), homeDir));
    },
  };
}

/**
 * `maia sandbox [status]` prints what `/sandbox` shows; `maia sandbox check [--json]` adds a test of the walls
 * on this machine and exits 0 only if each held (1 if one did not, 2 when there is no sandbox to test);
 * `maia sandbox run -- CMD…` runs one command in the sandbox of the current folder and exits with its code.
 */
export function sandboxSubcommand(state: SandboxState): Subcommand {
  return {
    name: "sandbox",
    description: t("subcommandDescription"),
    async run(argv, io) {
      const [action, ...rest] = argv;
      if (action === undefined || action === "status") {
        io.stdout.write(`${formatView(await state.view(), io.homeDir)}\n`);
        return 0;
      }
      if (action === "check") {
        const view = await state.view();
        const results = view.state === "on" ? await checkWalls(state, io.env) : [];
        if (rest.includes("--json")) {
          io.stdout.write(`${JSON.stringify({ state: view.state, why: view.why, boundary: view.boundary, walls: results }, null, 2)}\n`);
        } else {
          io.stdout.write(`${formatView(view, io.homeDir)}\n`);
          if (results.length > 0) {
            io.stdout.write(`${t("checkTitle")}\n`);
            for (const result of results) io.stdout.write(`${t(result.held ? "checkHeld" : "checkBroken", { what: result.what })}\n`);
            io.stdout.write(`${results.every((result) => result.held) ? t("checkAllHeld") : t("checkSomeBroken")}\n`);
          } else io.stdout.write(`${t("checkUnavailable")}\n`);
        }
        if (results.length === 0) return 2;
        return results.every((result) => result.held) ? 0 : 1;
      }
      if (action === "run") {
        const words = rest[0] === "--" ? rest.slice(1) : rest;
        if (words.length === 0) {
          io.stderr.write(`${t("runNeedsCommand")}\n`);
          return 2;
        }
        const view = await state.view();
        if (view.state !== "on") {
          io.stderr.write(`${formatView(view, io.homeDir).split("\n")[0]}\n`);
          return 2;
        }
        // One word is a command line as typed (`maia sandbox run -- 'npm test && ls'`); several are quoted each.
        const command = words.length === 1 ? (words[0] ?? "") : words.map(shellQuote).join(" ");
        const child = await state.spawn(command, { cwd: io.cwd, env: io.env, output: "separate" });
        child.stdout?.pipe(io.stdout, { end: false });
        child.stderr?.pipe(io.stderr, { end: false });
        const code = await new Promise<number>((resolve) => child.once("close", (exit, signal) => resolve(exit ?? (signal ? 128 : 1))));
        return code;
      }
      io.stderr.write(`${t("unknownAction", { action })}\n${t("usage")}\n`);
      return 2;
    },
  };
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
