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

export function unreadClaudeFiles(cwd: string, homeDir: string): UnreadFile[] {
  const project = path.join(cwd, ".claude");
  const user = path.join(homeDir, ".claude");
  return [
    { path: path.join(project, "rules"), reason: "rules" },
    { path: path.join(user, "rules"), reason: "rules" },
    { path: path.join(project, "output-styles"), reason: "outputStyles" },
    { path: path.join(user, "output-styles"), reason: "outputStyles" },
    { path: path.join(project, "workflows"), reason: "workflows" },
    { path: path.join(user, "workflows"), reason: "workflows" },
    { path: path.join(project, "agent-memory"), reason: "agentMemory" },
    { path: path.join(user, "agent-memory"), reason: "agentMemory" },
    { path: path.join(user, "CLAUDE.md"), reason: "userMemory" },
    { path: path.join(project, "CLAUDE.md"), reason: "claudeFolderMemory" },
    { path: path.join(user, "keybindings.json"), reason: "keybindings" },
    { path: path.join(user, "themes"), reason: "themes" },
    { path: path.join(cwd, ".worktreeinclude"), reason: "worktreeInclude" },
  ];
}
