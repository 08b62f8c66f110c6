/** What the tools know about the session they were built for, beyond what each call's context carries. */
export interface ToolEnvironment {
  /** The user's home folder: `~` in paths (seed § 8). */
  homeDir: string;
}
