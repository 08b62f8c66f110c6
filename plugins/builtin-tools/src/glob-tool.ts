import { stat } from "node:fs/promises";
import path from "node:path";
import picomatch from "picomatch";
import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { toolDoc as d } from "./descriptions.ts";
import { t } from "./messages.ts";
import { displayPath, resolveToolPath } from "./paths.ts";
import { folderLabel, fsCause, toolError } from "./tool-result.ts";
import type { ToolEnvironment } from "./tool-environment.ts";
import { walkFiles } from "./walk.ts";

export interface GlobInput extends Record<string, unknown> {
  pattern: string;
  path?: string;
}

/** Seed § 23: files Glob returns at most. */
export const GLOB_MAX_RESULTS = 100;

export interface GlobPlan {
  /** The folder the walk starts from: the search folder plus the pattern's fixed leading folders. */
  root: string;
  /** What is left of the pattern, matched against paths relative to `root`; empty for a literal path. */
  glob: string;
  /** Most path segments a match can have below `root` (no `**`), or undefined. */
  maxDepth: number | undefined;
}

/**
 * Splits a pattern into the folder to walk and the part to match (picomatch's own scanner), so that
 * `src/**\/*.ts` walks `src` only and `*\/index.ts` stops two levels down.
 */
export function planGlob(pattern: string, searchFolder: string, homeDir: string): GlobPlan {
  const scan = picomatch.scan(pattern);
  const base = scan.base === "" ? searchFolder : resolveToolPath(scan.base, searchFolder, homeDir);
  if (!scan.isGlob) return { root: base, glob: "", maxDepth: 0 };
  const maxDepth = scan.glob.includes("**") ? undefined : scan.glob.split("/").length;
  return { root: base, glob: scan.glob, maxDepth };
}

export function createGlobTool(environment: ToolEnvironment): Tool<GlobInput> {
  return {
    spec: {
      name: "Glob",
      description: d("glob", { max: GLOB_MAX_RESULTS }),
      inputSchema: {
        type: "object",
        properties: {
          pattern: { type: "string", minLength: 1, description: d("globPattern") },
          path: { type: "string", minLength: 1, description: d("globPath") },
        },
        required: ["pattern"],
      },
    },
    permission: "auto",
    describe: (input) => (input.path ? `${input.pattern} (${input.path})` : input.pattern),
    kind: "search",
    locations: (input, { cwd }) => (input.path ? [{ path: resolveToolPath(input.path, cwd, environment.homeDir) }] : []),
    execute: (input, context) => glob(input, context, environment),
  };
}

async function glob(input: GlobInput, context: ToolContext, environment: ToolEnvironment): Promise<ToolOutput> {
  const folder = resolveToolPath(input.path ?? ".", context.cwd, environment.homeDir);
  const shownFolder = displayPath(folder, context.cwd);
  const folderProblem = await checkFolder(folder, shownFolder);
  if (folderProblem) return toolError(folderProblem, input);

  const plan = planGlob(input.pattern, folder, environment.homeDir);
  if (plan.glob === "") {
    // No wildcard: the pattern names one path.
    const exists = await stat(plan.root).then((stats) => stats.isFile(), () => false);
    return exists ? displayPath(plan.root, context.cwd) : t("globNone", { pattern: input.pattern, path: folderLabel(shownFolder) });
  }
  const rootKind = await stat(plan.root).then((stats) => (stats.isDirectory() ? "folder" : stats.isFile() ? "file" : "other"), () => "none");
  const matches: string[] = [];
  if (rootKind === "file" && picomatch(input.pattern, { dot: true })(path.relative(folder, plan.root).split(path.sep).join("/"))) {
    // `b/**` also matches `b` itself, and here `b` is a file.
    matches.push(displayPath(plan.root, context.cwd));
  } else if (rootKind === "folder") {
    const isMatch = picomatch(plan.glob, { dot: true });
    await walkFiles(
      {
        root: plan.root,
        cwd: context.cwd,
        signal: context.signal,
        maxDepth: plan.maxDepth,
        // node_modules is noise unless the pattern asks for it by name.
        skipNodeModules: !input.pattern.includes("node_modules"),
      },
      (relative, absolute) => {
        if (!isMatch(relative)) return true;
        matches.push(displayPath(absolute, context.cwd));
        return matches.length <= GLOB_MAX_RESULTS;
      },
    );
  }
  if (matches.length === 0) {
    const none = t("globNone", { pattern: input.pattern, path: folderLabel(shownFolder) });
    return input.pattern.includes("/") ? none : `${none} ${t("globFlatHint", { pattern: input.pattern })}`;
  }
  if (matches.length <= GLOB_MAX_RESULTS) return matches.join("\n");
  return `${matches.slice(0, GLOB_MAX_RESULTS).join("\n")}\n\n${t("globLimited", { max: GLOB_MAX_RESULTS })}`;
}

async function checkFolder(folder: string, shown: string): Promise<string | undefined> {
  try {
    const stats = await stat(folder);
    return stats.isDirectory() ? undefined : t("searchPathNotFolder", { path: shown });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return t("searchPathNotFound", { path: shown });
    return t("searchPathFailed", { path: shown, cause: fsCause(error) });
  }
}
