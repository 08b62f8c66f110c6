import path from "node:path";
import { errorMessage, type AgentSession, type CommandContext, type SlashCommand } from "@maia/kernel";
import { agentSourceLabel, type AgentDefinition } from "./agent-definition.ts";
import { agentNameProblem } from "./agent-name.ts";
import { oneLine } from "./agent-tool.ts";
import { agentRoots } from "./load-agents.ts";
import { t } from "./messages.ts";
import { createAgentFromTemplate, findResource, resourceFolders, TEMPLATE_FILE } from "./template.ts";

/** `/agents` (seed § 20.1): the sub-agents of the current session, as the Agent tool offers them. */
export function agentsCommand(agentsOf: (session: AgentSession) => Promise<readonly AgentDefinition[]>): SlashCommand {
  return {
    name: "agents",
    description: t("agentsDescription"),
    async run(context) {
      const agents = await agentsOf(context.session);
      if (agents.length === 0) {
        context.output.info(t("noAgents"));
        return;
      }
      const list = agents
        .map((agent) =>
          t("agentLine", {
            name: agent.name,
            description: oneLine(agent.description),
            level: agentSourceLabel(agent),
            effort: agent.effort,
            model: agent.model === undefined ? "" : t("agentModel", { model: agent.model }),
          }),
        )
        .join("\n");
      context.output.info(t("agentsList", { list }));
    },
  };
}

/**
 * `/createAgent [name]` (seed § 20.1b): the level is chosen in a list (Project → ./.maia/agents, Global →
 * ~/.maia/agents), the name comes with the command or is asked for, it is checked, and the template is copied
 * with its `name:` line set, never over an existing agent. The new agent is loaded by the next session
 * (start-up, /clear, /new).
 */
export function createAgentCommand(runtime: { cwd: string; homeDir: string; env: NodeJS.ProcessEnv }): SlashCommand {
  return {
    name: "createAgent",
    description: t("createDescription"),
    usage: t("createUsage"),
    async run(context) {
      const given = context.args.trim();
      // A front end that cannot ask for text (ACP, headless): the name must come with the command.
      if (given === "" && !context.interaction.input) {
        context.output.error(t("createNeedsName"));
        return;
      }
      if (given !== "" && !checkName(given, context)) return;
      const roots = agentRoots(runtime.cwd, runtime.homeDir);
      const project = roots.find((root) => root.level === "project")?.root ?? path.join(runtime.cwd, ".maia", "agents");
      const user = roots.find((root) => root.level === "user")?.root ?? path.join(runtime.homeDir, ".maia", "agents");
      // Without a choice list (a front end that cannot offer one) the project is the level.
      const root = context.interaction.select
        ? await context.interaction.select(
            t("levelTitle"),
            [
              { label: t("levelProject"), value: project, hint: displayPath(project, runtime) },
              { label: t("levelGlobal"), value: user, hint: displayPath(user, runtime) },
            ],
            context.signal,
          )
        : project;
      const name = root === undefined ? undefined : given === "" ? await askName(context) : given;
      if (root === undefined || name === undefined) {
        context.output.info(t("createCancelled"));
        return;
      }
      const template = await findResource(TEMPLATE_FILE, resourceFolders(runtime.env));
      if (!("file" in template)) {
        context.output.error(t("templateMissing", { places: template.searched.join(", ") }));
        return;
      }
      const target = path.join(root, name, TEMPLATE_FILE);
      try {
        const created = await createAgentFromTemplate(template.file, root, name);
        if (created.kind === "exists") context.output.error(t("alreadyExists", { name, file: created.file }));
        else context.output.info(t("created", { name, file: created.file }));
      } catch (error) {
        context.output.error(t("createFailed", { file: target, reason: (error as NodeJS.ErrnoException).code ?? errorMessage(error) }));
      }
    },
  };
}

/** Seed § 20.1b, validateAgentName: false after saying precisely what is wrong with the name. */
function checkName(name: string, context: CommandContext): boolean {
  const problem = agentNameProblem(name);
  if (problem) context.output.error(t("badName", { name, reason: t(`name-${problem}`) }));
  return problem === undefined;
}

/**
 * The name typed in answer to a question; undefined when the user cancels (Esc, Ctrl+C, or an empty answer,
 * seed § 20.1b). A bad name gets the same message as on the command line, and the question comes back with
 * the typed text to correct: a typo does not cost the whole command (the level chosen stays chosen).
 */
async function askName(context: CommandContext): Promise<string | undefined> {
  let initial: string | undefined;
  for (;;) {
    const answer = await context.interaction.input?.(t("nameQuestion"), { ...(initial === undefined ? {} : { initial }), signal: context.signal });
    const name = answer?.trim() ?? "";
    if (name === "" || context.signal.aborted) return undefined;
    if (checkName(name, context)) return name;
    initial = name;
  }
}

function displayPath(folder: string, runtime: { cwd: string; homeDir: string }): string {
  const relative = path.relative(runtime.cwd, folder);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return `./${relative}`;
  const home = path.relative(runtime.homeDir, folder);
  return !home.startsWith("..") && !path.isAbsolute(home) ? `~/${home}` : folder;
}
