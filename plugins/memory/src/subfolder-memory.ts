import path from "node:path";
import type { AgentSession, PluginContext } from "@maia/kernel";
import { findInstructions } from "./instructions-file.ts";
import { fill, t, type PromptTexts } from "./messages.ts";
import { pathInputOf, resolveToolPath } from "@maia/util";

const PLUGIN_NAME = "memory";

/**
 * Claude Code's sub-folder instructions (its memory page): a `CLAUDE.md` (or `CLAUDE.local.md`) in a folder below
 * the launch folder is not read at start but "included when Claude reads files in those subdirectories". Here: the
 * first time in a session the model reads (Read) a file below such a folder, that folder's instructions — read as
 * the launch folder's are (MAIA.md, else CLAUDE.md, else AGENTS.md, then CLAUDE.local.md, with their imports) — are
 * appended to the Read result, once per folder and session, nearest the launch folder first.
 */
export function subfolderMemory(context: PluginContext, prompts: PromptTexts): void {
  const added = new WeakMap<AgentSession, Set<string>>();
  context.hooks.afterToolCall.tapPromise(PLUGIN_NAME, async (event) => {
    if (event.call.name !== "Read" || event.isError) return;
    const input = event.call.input;
    const given = pathInputOf(input);
    if (given === undefined) return;
    const cwd = path.resolve(event.session.cwd);
    const home = event.session.setup.homeDir;
    const file = resolveToolPath(given, cwd, home);
    const relative = path.relative(cwd, path.dirname(file));
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return;
    let seen = added.get(event.session);
    if (!seen) added.set(event.session, (seen = new Set()));
    let folder = cwd;
    for (const part of relative.split(path.sep)) {
      folder = path.join(folder, part);
      if (seen.has(folder)) continue;
      seen.add(folder);
      const found = await findInstructions(folder, home);
      for (const warning of found.warnings) context.log.warn(warning);
      if (found.pieces.length === 0) continue;
      const files = found.pieces.map((piece) => path.relative(cwd, piece.file)).join(", ");
      const heading = fill(prompts.subfolderHeading, { folder: path.relative(cwd, folder), file: files });
      event.feedback.push(`${heading}\n\n${found.pieces.map((piece) => piece.text).join("\n\n")}`);
      context.log.info(t("subfolderAdded", { folder: path.relative(cwd, folder), files }));
    }
  });
}
