import type { SandboxApi } from "@maia/plugin-sandbox";

/** What the tools know about the session they were built for, beyond what each call's context carries. */
export interface ToolEnvironment {
  /** The user's home folder: `~` in paths (seed § 8). */
  homeDir: string;
  /** The sandbox plugin's API when it is on (Bash runs through it); read at each call. */
  sandbox?: () => BashSandbox | undefined;
}

/** What Bash uses of the sandbox plugin. */
export type BashSandbox = Pick<SandboxApi, "planBash" | "sandboxedNow" | "spawn" | "terminate" | "explain">;
