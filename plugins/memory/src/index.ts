import path from "node:path";
import { definePlugin, PROMPT_ORDER, type DoctorEntry, type DoctorPlace, type PromptSection, type SessionSetup } from "@maia/kernel";
import { findInstructions, type FoundInstructions } from "./instructions-file.ts";
import { fill, PROMPTS, t, type PromptTexts } from "./messages.ts";
import type { MemoryPiece } from "./imports.ts";
import { memoryDoctor } from "./doctor-report.ts";
import { subfolderMemory } from "./subfolder-memory.ts";

const PLUGIN_NAME = "memory";

export interface MemoryApi {
  /** The instructions of a folder (MAIA.md, CLAUDE.md, AGENTS.md, CLAUDE.local.md and their imports), for sub-agents and front ends. */
  findInstructions(folder: string, homeDir?: string): Promise<FoundInstructions>;
  /** `maia doctor`: the instructions files found, what each imports, what was left out. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
}

const api: MemoryApi = { findInstructions, doctor: memoryDoctor };

/** The files of the memory as one prompt section: each under its heading, an import naming who imported it. */
export function memoryText(pieces: readonly MemoryPiece[], prompts: PromptTexts): string {
  return pieces
    .map((piece) => {
      const heading = piece.importedBy === undefined ? fill(prompts.instructionsHeading, { file: piece.file }) : fill(prompts.importedHeading, { file: piece.file, from: piece.importedBy });
      return `${heading}\n\n${piece.text}`;
    })
    .join("\n\n");
}

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
      const found = await findInstructions(setup.cwd, setup.homeDir);
      for (const warning of found.warnings) context.log.warn(warning);
      if (found.pieces.length > 0) {
        context.log.info(found.pieces.length === 1 ? t("loaded", { file: found.pieces[0]?.file ?? "" }) : t("loadedImports", { files: found.pieces.map((piece) => piece.file).join(", ") }));
        added.push({ id: "memory:instructions", order: PROMPT_ORDER.CONTEXT, text: memoryText(found.pieces, prompts) });
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
    // Claude Code's sub-folder CLAUDE.md: added with the result of the first Read of a file below it.
    subfolderMemory(context, prompts);

    context.commands.register({
      name: "init",
      description: t("initDescription"),
      usage: "[focus]",
      async run({ session, args, output, submit }) {
        const found = await findInstructions(session.cwd, session.setup.homeDir);
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

export { findInstructions, INSTRUCTIONS_FILES, LOCAL_INSTRUCTIONS_FILE, MAX_INSTRUCTIONS_CHARS, type FoundInstructions } from "./instructions-file.ts";
export { importsIn, MAX_IMPORT_DEPTH, type MemoryPiece } from "./imports.ts";
export { PROMPTS } from "./messages.ts";
