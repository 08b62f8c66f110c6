import path from "node:path";

/**
 * The files and folders of a Claude Code setup that MAIA does not read, each with why, so that `maia doctor`
 * names them when they exist rather than letting a user believe they apply. (What MAIA reads is reported by the
 * plugin that reads it.)
 */
export interface UnreadFile {
  path: string;
  /** Key of the reason in the doctor's catalogue: `unread-<reason>`. */
  reason: "rules" | "outputStyles" | "workflows" | "agentMemory" | "userMemory" | "claudeFolderMemory" | "keybindings" | "themes" | "worktreeInclude";
}

/** The folders Claude Code reads in the project's `.claude` and the user's `~/.claude` alike. */
const BOTH_SCOPES = [
  ["rules", "rules"],
  ["output-styles", "outputStyles"],
  ["workflows", "workflows"],
  ["agent-memory", "agentMemory"],
] as const;

export function unreadClaudeFiles(cwd: string, homeDir: string): UnreadFile[] {
  const project = path.join(cwd, ".claude");
  const user = path.join(homeDir, ".claude");
  const inBoth = ([folder, reason]: readonly [string, UnreadFile["reason"]]) => [project, user].map((root) => ({ path: path.join(root, folder), reason }));
  return [
    ...BOTH_SCOPES.flatMap(inBoth),
    { path: path.join(user, "CLAUDE.md"), reason: "userMemory" },
    { path: path.join(project, "CLAUDE.md"), reason: "claudeFolderMemory" },
    { path: path.join(user, "keybindings.json"), reason: "keybindings" },
    { path: path.join(user, "themes"), reason: "themes" },
    { path: path.join(cwd, ".worktreeinclude"), reason: "worktreeInclude" },
  ];
}
