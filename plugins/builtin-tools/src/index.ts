import { definePlugin } from "@maia/kernel";
import { applyBackground, type BackgroundApi } from "./background/background-plugin.ts";
import { forgetFilesSeen, markFileSeen, markFileSeenFromDisk } from "./files-seen.ts";
import { todosOf } from "./todo-tool.ts";
import type { BashSandbox } from "./tool-environment.ts";
import { createBuiltinTools } from "./tools.ts";
import { walkFiles } from "./walk.ts";

const PLUGIN_NAME = "builtin-tools";

/** What other plugins may call (the `@` references plugin marks the files it injects as seen). */
export interface BuiltinToolsApi {
  markFileSeen: typeof markFileSeen;
  markFileSeenFromDisk: typeof markFileSeenFromDisk;
  todosOf: typeof todosOf;
  /**
   * The files under `root` as Glob lists them (`.git` and `node_modules` left out, `.gitignore` honoured), one
   * root-relative `/`-separated path per call of `visit` (false stops); for the input box's `@` completion.
   */
  listFiles(root: string, visit: (relative: string) => boolean | void, signal?: AbortSignal): Promise<boolean>;
  /** The commands Bash runs in the background (issue 39): /bashes, the status line, Ctrl+B, ACP's tool calls. */
  background?: BackgroundApi;
}

const api: BuiltinToolsApi = {
  markFileSeen,
  markFileSeenFromDisk,
  todosOf,
  listFiles: (root, visit, signal) => walkFiles({ root, cwd: root, signal, skipNodeModules: true }, (relative) => visit(relative)),
};

/**
 * The builtin tools of seed § 8 — Read, Glob, Grep, Write, Edit, Bash, TodoWrite, WebFetch, CurrentModel —
 * offered to every session in that order, with BashOutput and KillShell after Bash for the commands it runs in the
 * background (issue 39, /bashes). Each session gets its own tool objects (they know its home folder) and keeps its
 * own record of the files the model has seen, and its background commands, in the session state.
 */
export default definePlugin<Record<string, never>, BuiltinToolsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Builtin tools: Read, Glob, Grep, Write, Edit, Bash (and BashOutput, KillShell, /bashes for its background commands), TodoWrite, WebFetch, CurrentModel",
  apply(context) {
    // Bash runs through the sandbox plugin when it is on (looked up at each call: plugins load in any order).
    const sandbox = () => context.plugins.get<BashSandbox>("sandbox")?.api;
    context.hooks.tools.tapPromise(PLUGIN_NAME, async (tools, setup) => [...tools, ...createBuiltinTools({ homeDir: setup.homeDir, sandbox })]);
    // The model's memory of file contents goes away with the compacted messages: it must read them again.
    context.hooks.onCompact.tapPromise(PLUGIN_NAME, async (event) => {
      forgetFilesSeen(event.session.state);
      return event;
    });
    return { ...api, background: applyBackground(context) };
  },
  api,
});

export { markFileSeen, markFileSeenFromDisk, forgetFilesSeen, type FileStamp } from "./files-seen.ts";
export { todosOf, renderTodos, type TodoItem, type TodoStatus } from "./todo-tool.ts";
export { createBuiltinTools } from "./tools.ts";
export type { BackgroundApi, BackgroundChange, BackgroundView } from "./background/background-plugin.ts";
export type { BackgroundEvent, ShellEnd } from "./background/background-shell.ts";
