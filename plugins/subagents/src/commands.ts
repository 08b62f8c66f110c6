import path from "node:path";
import { errorMessage, type AgentSession, type SlashCommand } from "@maia/kernel";
import type { AgentDefinition } from "./agent-definition.ts";
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
            level: t(`level-${agent.level}`),
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
 * `/createAgent <name>` (seed § 20.1b): the level is chosen in a list (Project → ./.maia/agents, Global →
 * ~/.maia/agents), the name is checked, the template is copied with its `name:` line set, never over an
 * existing agent. The new agent is loaded by the next session (start-up, /clear, /new).
 */
export function createAgentCommand(runtime: { cwd: string; homeDir: string; env: NodeJS.ProcessEnv }): SlashCommand {
  return {
    name: "createAgent",
    description: t("createDescription"),
    usage: t("createUsage"),
    async run(context) {
      const name = context.args.trim();
      // The interaction port has no free-text question: the name comes with the command.
      if (name === "") {
        context.output.error(t("createNeedsName"));
        return;
      }
      const problem = agentNameProblem(name);
      if (problem) {
        context.output.error(t("badName", { name, reason: t(`name-${problem}`) }));
        return;
      }
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
      if (root === undefined) {
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

function displayPath(folder: string, runtime: { cwd: string; homeDir: string }): string {
  const relative = path.relative(runtime.cwd, folder);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return `./${relative}`;
  const home = path.relative(runtime.homeDir, folder);
  return !home.startsWith("..") && !path.isAbsolute(home) ? `~/${home}` : folder;
}
