import { definePlugin, type TurnInput } from "@maia/kernel";
import type { BuiltinToolsApi } from "@maia/plugin-builtin-tools";
import { collectReferences } from "./collect-references.ts";
import { t } from "./messages.ts";
import { parseFileReferences } from "./parse-file-refs.ts";

const PLUGIN_NAME = "file-refs";
/** After `!` (10), `§` (20) and `&` (30): a line that starts with one of those is theirs. */
const PREFIX_ORDER = 90;

export interface FileRefsApi {
  parse: typeof parseFileReferences;
  collect: typeof collectReferences;
}

/**
 * `@` references (seed § 11.4): before a request is sent, the files and folders the user's text names are read
 * and added to the pending context, framed as data; the text itself is sent as typed. Files injected count as
 * seen by the model, so that it may edit them without reading them again. An image (`@shot.png`) is sent as an
 * image after the text (issue 38). No confirmation, no permission rule: the user chose these files.
 */
export default definePlugin<Record<string, never>, FileRefsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "@ references: the files and folders named in the user's request are added to its context",
  apply(context) {
    context.hooks.beforeTurn.tapPromise(PLUGIN_NAME, async (turn: TurnInput) => {
      const { session } = turn;
      // Only what the user typed: a skill's prompt or a sub-agent's task keeps its `@` as text (seed § 11.4).
      if (turn.origin !== "user" || session.setup.frontEnd.child || !turn.text.includes("@")) return turn;
      const injection = await collectReferences(turn.text, {
        cwd: session.cwd,
        homeDir: session.setup.homeDir,
        signal: turn.signal,
      });
      session.pendingContext.push(...injection.blocks);
      turn.images.push(...injection.images);
      // Read through the builtin tools' API: without them there is no Edit or Write to protect.
      const tools = context.plugins.get<BuiltinToolsApi>("builtin-tools")?.api;
      for (const file of injection.files) tools?.markFileSeen(session.state, file.absolute, file.stamp, file.bytes);
      for (const message of injection.warnings) session.events.emit({ type: "warning", message });
      if (injection.added.length > 0) session.events.emit({ type: "info", message: t("added", { list: injection.added.join(", ") }) });
      return turn;
    });

    // `@` anywhere in a request is resolved above; a request that starts with it is registered as an input
    // prefix too, so that /help lists it from here like `!` and `§`. Its run sends the line as typed: the same
    // request, with the same origin, as the free prompt it would otherwise be.
    context.prefixes.register({
      prefix: "@",
      description: t("prefixDescription"),
      order: PREFIX_ORDER,
      run: ({ input, submit }) => submit(input, { origin: "user" }),
    });

    return {
      parse: parseFileReferences,
      collect: collectReferences,
    };
  },
});

export { parseFileReferences, looksLikePath, quoteReference, type FileReference, type ParsedReferences } from "./parse-file-refs.ts";
export { collectReferences, type Injection, type CollectOptions } from "./collect-references.ts";
export { FILE_REF_LIMITS, type FileRefLimits } from "./load-reference.ts";
