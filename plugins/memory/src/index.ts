import path from "node:path";
import { definePlugin, PROMPT_ORDER, type PromptSection, type SessionSetup } from "@maia/kernel";
import { findInstructions, type FoundInstructions } from "./instructions-file.ts";
import { fill, PROMPTS, t } from "./messages.ts";

const PLUGIN_NAME = "memory";

export interface MemoryApi {
  /** The instructions file of a folder (MAIA.md, CLAUDE.md, AGENTS.md), for sub-agents and front ends. */
  findInstructions(folder: string): Promise<FoundInstructions>;
}

const api: MemoryApi = { findInstructions };

/**
 * The start of every system prompt (seed § 11.1): MAIA's identity and working rules in the user's language,
 * then the project's instructions file under `# Instructions (<path>)` — or, for a session that continues a
 * compacted conversation, the summary instead of the file. The skills plugin adds its list after these.
 */
export default definePlugin<Record<string, never>, MemoryApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "System prompt and project memory: MAIA.md, else CLAUDE.md, else AGENTS.md",
  apply(context) {
    const prompts = PROMPTS[context.runtime.locale];

    context.hooks.systemPrompt.tapPromise(PLUGIN_NAME, async (sections, setup) => {
      const added: PromptSection[] = [
        { id: "memory:identity", order: PROMPT_ORDER.IDENTITY, text: fill(prompts.identity, { cwd: setup.cwd }) },
      ];
      const start = startContextSection(setup);
      if (start !== undefined) {
        if (start !== "") added.push({ id: "memory:start-context", order: PROMPT_ORDER.CONTEXT, text: start });
        return [...sections, ...added];
      }
      const found = await findInstructions(setup.cwd);
      for (const warning of found.warnings) context.log.warn(warning);
      if (found.file !== undefined) {
        context.log.info(t("loaded", { file: found.file }));
        const heading = fill(prompts.instructionsHeading, { file: found.file });
        added.push({ id: "memory:instructions", order: PROMPT_ORDER.CONTEXT, text: `${heading}\n\n${found.text ?? ""}` });
      } else {
        // Seed § 11.1 warns when there is none. Headless runs and sub-agents are scripts: a warning on every
        // run in a folder without instructions would be noise on their stderr, so it is information there.
        const message = t("none", { folder: setup.cwd });
        if (!setup.frontEnd.interactive) context.log.info(message);
        else context.log.warn(message);
      }
      return [...sections, ...added];
    });

    /**
     * A compacted summary replaces the instructions file (seed § 14.2). The compaction plugin writes that section
     * when it is on; when it is off (a summary resumed by the sessions plugin), this plugin writes it, so that
     * the summary is never lost nor written twice. Undefined: no summary, read the file.
     */
    function startContextSection(setup: SessionSetup): string | undefined {
      if (setup.startContext === undefined) return undefined;
      if (context.plugins.get("compaction")) return "";
      return `${prompts.startContextHeading}\n\n${setup.startContext}`;
    }
    context.commands.register({
      name: "init",
      description: t("initDescription"),
      usage: "[focus]",
      async run({ session, args, output, submit }) {
        const found = await findInstructions(session.cwd);
        const file = found.file ?? path.join(session.cwd, "MAIA.md");
        const request = fill(found.file ? prompts.initUpdate : prompts.initCreate, { file });
        output.info(found.file ? t("initUpdating", { file }) : t("initCreating"));
        // Sent on the user's behalf ("command"): the model works through the normal tools, each write confirmed.
        await submit(args === "" ? request : `${request}\n\n${fill(prompts.initFocus, { focus: args })}`, { origin: "command" });
      },
    });
    return api;
  },
  api,
});

export { findInstructions, INSTRUCTIONS_FILES, MAX_INSTRUCTIONS_CHARS, type FoundInstructions } from "./instructions-file.ts";
export { PROMPTS } from "./messages.ts";
