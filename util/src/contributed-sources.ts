/**
 * Definitions one plugin contributes to the loaders of others: the commands, agents, skills, hooks and MCP servers
 * of the Claude Code plugins the user installed, which the `claude-plugins` plugin finds and the commands,
 * subagents, skills, hooks and mcp plugins read beside their own folders, each with its own rules (the hooks'
 * trust by hash, the servers' approval). Those loaders stay the only readers of their formats; what this contract
 * carries is where to read, under which namespace, with which variables.
 */

/** The plugin that offers them, through its `api`. */
export const CONTRIBUTED_SOURCES_PLUGIN = "claude-plugins";

export interface ContributedOrigin {
  /** Who contributes it, as lists and messages show it: `formatter@team-tools`. */
  id: string;
  /** The namespace of its definitions, as Claude Code shows them: `/formatter:check`, `formatter:reviewer`. */
  namespace: string;
  /**
   * Variables its definitions may name, `${CLAUDE_PLUGIN_ROOT}` first: replaced in the text of its commands,
   * skills, agents, hook commands and server entries, and set in the environment of what they run.
   */
  variables: Readonly<Record<string, string>>;
}

/** A folder of definitions, or one definition (a command's `.md` file, one skill's folder). */
export interface ContributedFolder extends ContributedOrigin {
  path: string;
  single: boolean;
}

/** A JSON file whose `hooks` member is a hooks block in Claude Code's format. */
export interface ContributedHooks extends ContributedOrigin {
  file: string;
}

/** One MCP server entry as written, to be checked like an entry of an mcp.json. */
export interface ContributedMcpServer extends ContributedOrigin {
  /** Its name in the file. */
  name: string;
  /** The key MAIA knows it by (`plugin_<plugin>_<server>`: its tools are `mcp__<key>__<tool>`, as in Claude Code). */
  key: string;
  entry: unknown;
  file: string;
  line?: number;
  fieldLine(field: string): number | undefined;
  /** sha256 of the file's bytes: an approval is for exactly this content. */
  hash: string;
}

export type ContributedFolderKind = "commands" | "agents" | "skills";

/** What the enabled plugins contribute, for one launch folder and home. */
export interface ContributedSources {
  folders(kind: ContributedFolderKind): readonly ContributedFolder[];
  hookFiles(): readonly ContributedHooks[];
  mcpServers(): readonly ContributedMcpServer[];
}

export interface ContributedSourcesApi extends ContributedSources {
  /**
   * The contributions for a launch folder and home (`maia doctor`'s place, which reports what a start there would
   * load): this run's own when they are this run's folders, else read from disk again, nothing created.
   */
  at(place: { cwd: string; homeDir: string }): Promise<ContributedSources>;
}

/** The contributions, when the plugin that offers them is on (none otherwise). */
export function contributedSources(plugins: { get<Api = unknown>(name: string): { api: Api | undefined } | undefined }): ContributedSourcesApi | undefined {
  return plugins.get<ContributedSourcesApi>(CONTRIBUTED_SOURCES_PLUGIN)?.api;
}

/** `${NAME}` of the given variables replaced by their values; any other `${…}` is left as written. */
export function expandVariables(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => (Object.hasOwn(variables, name) ? (variables[name] as string) : whole));
}
