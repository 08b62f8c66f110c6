import { definePlugin, type DoctorPlace } from "@maia/kernel";
import { collectDoctor, type DoctorReport } from "./collect.ts";
import { formatDoctor } from "./format.ts";
import { t } from "./messages.ts";

const PLUGIN_NAME = "doctor";

export interface DoctorApi {
  /** The report for a place (a launch folder, a home folder): every plugin's entries grouped by file. */
  report(place: DoctorPlace): Promise<DoctorReport>;
}

/**
 * `maia doctor` and `/doctor` (issue 36): one place that says what was found. Every plugin that reads files the
 * user wrote reports through its API's `doctor(place)` (@maia/kernel's DoctorReporter): the files it found, what
 * each became, what it left out and why. This plugin asks them all, adds what nobody reads (settings keys, Claude
 * Code files MAIA leaves aside, the `env` block), and prints one block per file, or JSON with `--json`. A plugin
 * added later (Claude Code plugins, the sandbox) reports the same way, nothing to change here.
 */
export default definePlugin<Record<string, never>, DoctorApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: t("description"),
  apply(context) {
    const report = (place: DoctorPlace) => collectDoctor(context.plugins, place, PLUGIN_NAME);
    context.commands.register({
      name: "doctor",
      description: t("commandDescription"),
      usage: "[--json]",
      async run({ session, args, output }) {
        const found = await report({ cwd: session.cwd, homeDir: session.setup.homeDir, env: session.setup.env });
        // Plain lines, as written: the table's alignment and its `*` are not Markdown.
        output.info(args.trim() === "--json" ? JSON.stringify(found, null, 2) : formatDoctor(found));
      },
    });
    context.subcommands.register({
      name: "doctor",
      description: t("subcommandDescription"),
      async run(argv, io) {
        const args = argv[0] === "--" ? argv.slice(1) : argv;
        const unknown = args.find((arg) => arg !== "--json");
        if (unknown !== undefined) {
          io.stderr.write(`${t("usage")}\n`);
          return 2;
        }
        const found = await report({ cwd: io.cwd, homeDir: io.homeDir, env: io.env });
        io.stdout.write(args.includes("--json") ? `${JSON.stringify(found, null, 2)}\n` : `${formatDoctor(found)}\n`);
        return 0;
      },
    });
    return { report };
  },
});

export { collectDoctor, type DoctorFile, type DoctorReport } from "./collect.ts";
export { formatDoctor, shortPath } from "./format.ts";
