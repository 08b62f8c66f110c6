import type { CommandContext, SlashCommand } from "@maia/kernel";
import { formatHistory } from "./history.ts";
import { t } from "./messages.ts";
import { continueSaved, findSaved, type ResumeDeps } from "./resume.ts";
import { reasonOf, type SaveResult } from "./session-keeper.ts";
import { normalizeSessionName, sessionNameProblem } from "./session-names.ts";

/** The commands resume as every front end does (resume.ts); its `warn` is not theirs: they tell their output. */
export type CommandDeps = Omit<ResumeDeps, "warn">;

/** The session commands of seed § 5.6, for any front end that reads slash commands. */
export function sessionCommands(deps: CommandDeps): SlashCommand[] {
  return [renameCommand(deps), loadCommand(deps), newCommand(deps)];
}

/** Saves before a switch and says so (seed § 12.3); false when the save failed and the switch must not happen. */
async function saveBeforeSwitch({ keeper }: CommandDeps, context: CommandContext): Promise<boolean> {
  let result: SaveResult;
  try {
    result = await keeper.save(context.session);
  } catch (error) {
    context.output.error(t("saveFailed", { name: keeper.nameOf(context.session), reason: reasonOf(error) }));
    return false;
  }
  if (result.status === "saved" || (result.status === "unchanged" && keeper.fileOf(context.session) !== undefined)) {
    context.output.warn(t("savedBeforeSwitch", { name: result.name }));
  }
  return true;
}

function renameCommand({ keeper }: CommandDeps): SlashCommand {
  return {
    name: "rename",
    description: t("renameDescription"),
    usage: "<name>",
    async run({ session, args, output }) {
      const wanted = normalizeSessionName(args);
      if (wanted === "") return output.error(t("renameUsage"));
      const problem = sessionNameProblem(wanted);
      if (problem !== undefined) return output.error(problem);
      const from = keeper.nameOf(session);
      if (wanted === from) return output.info(t("renameSame", { name: from }));
      keeper.rename(session, wanted);
      if (keeper.isEmpty(session)) return output.info(t("renamePending", { to: wanted }));
      try {
        const result = await keeper.save(session);
        if (result.name !== wanted) output.warn(t("renameTaken", { name: wanted, to: result.name }));
        else output.info(t("renamed", { from, to: result.name }));
      } catch (error) {
        output.error(t("saveFailed", { name: wanted, reason: reasonOf(error) }));
      }
    },
  };
}

function loadCommand(deps: CommandDeps): SlashCommand {
  const { keeper } = deps;
  return {
    name: "load",
    description: t("loadDescription"),
    usage: "[name]",
    async run(context) {
      const { args, output, interaction, signal, session } = context;
      // What a name meets on the way is this command's to show, like everything else it says.
      const resume: ResumeDeps = { ...deps, warn: (message) => output.warn(message) };
      const wanted = normalizeSessionName(args);
      let name: string | undefined;
      if (wanted !== "") {
        try {
          name = await findSaved(resume, wanted);
        } catch (error) {
          return output.error(reasonOf(error));
        }
      } else {
        const { sessions, problems } = await keeper.store.list();
        for (const problem of problems) output.warn(t("unreadableSkipped", { file: problem.file, reason: problem.reason }));
        if (sessions.length === 0) return output.info(t("noSessions"));
        const current = keeper.fileOf(session);
        const options = sessions.map((entry) => ({
          label: entry.name,
          value: entry.name,
          hint: [
            entry.name === current ? t("currentHint") : undefined,
            entry.agent === undefined ? undefined : t("subAgentHint", { agent: entry.agent }),
            t("loadHint", { updated: entry.updatedAt.slice(0, 16).replace("T", " "), count: entry.messageCount, model: entry.model || "?" }),
          ]
            .filter((part) => part !== undefined)
            .join(" · "),
        }));
        if (!interaction.select) {
          return output.info([t("listHeading"), ...options.map((option) => `  ${option.label} — ${option.hint}`)].join("\n"));
        }
        name = await interaction.select(t("loadTitle"), options, signal);
        if (name === undefined) return;
      }
      if (!(await saveBeforeSwitch(deps, context))) return;
      let saved;
      try {
        saved = await keeper.store.read(name);
      } catch (error) {
        return output.error(reasonOf(error));
      }
      await continueSaved(resume, context.host, saved);
      if (saved.startContext !== undefined) output.text(`${t("summaryHeading")}\n\n${saved.startContext}`);
      if (saved.messages.length > 0) output.text(formatHistory(saved.messages));
      output.info(t("loaded", { name: saved.name, count: saved.messages.length }));
    },
  };
}

function newCommand(deps: CommandDeps): SlashCommand {
  return {
    name: "new",
    description: t("newDescription"),
    async run(context) {
      if (!(await saveBeforeSwitch(deps, context))) return;
      const next = await context.host.restart({ reason: "new" });
      context.output.info(t("newSession", { name: deps.keeper.nameOf(next) }));
    },
  };
}
