// The JSON Schemas of Claude Code's plugin files, apart from the code that reads them: the build step that generates
// their validators (schemas-validator.generated.ts, `pnpm generate:validators`) imports this module alone.
import type { JsonSchema } from "@maia/kernel";

const TEXT = { type: "string" } as const;
const PATHS = { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] } as const;
/** A path, a list of paths, or the definitions themselves (hooks, MCP servers). */
const PATHS_OR_INLINE = {
  anyOf: [{ type: "string" }, { type: "object" }, { type: "array", items: { anyOf: [{ type: "string" }, { type: "object" }] } }],
} as const;
const PERSON = { anyOf: [{ type: "string" }, { type: "object", properties: { name: TEXT, email: TEXT, url: TEXT } }] } as const;

/** Every member of plugin.json that Claude Code documents; the others are reported as unknown (and ignored, as there). */
export const MANIFEST_KEYS: readonly string[] = [
  "$schema",
  "name",
  "displayName",
  "version",
  "description",
  "author",
  "homepage",
  "repository",
  "license",
  "keywords",
  "dependencies",
  "commands",
  "agents",
  "skills",
  "hooks",
  "mcpServers",
  "outputStyles",
  "lspServers",
  "monitors",
  "userConfig",
  "channels",
  "settings",
];

/** Members Claude Code reads that MAIA has nothing for: a plugin that uses them loads without them, said once. */
export const UNSUPPORTED_MANIFEST_KEYS: readonly string[] = ["outputStyles", "lspServers", "monitors", "userConfig", "channels", "settings"];

const MANIFEST_PROPERTIES = {
  $schema: TEXT,
  name: TEXT,
  displayName: TEXT,
  version: TEXT,
  description: TEXT,
  author: PERSON,
  homepage: TEXT,
  repository: { anyOf: [{ type: "string" }, { type: "object" }] },
  license: TEXT,
  keywords: { type: "array", items: TEXT },
  commands: PATHS,
  agents: PATHS,
  skills: PATHS,
  hooks: PATHS_OR_INLINE,
  mcpServers: PATHS_OR_INLINE,
} as const;

/** `.claude-plugin/plugin.json` (Claude Code's plugin manifest). Unknown members are allowed here and warned about by the reader. */
export const MANIFEST_SCHEMA: JsonSchema = {
  type: "object",
  required: ["name"],
  properties: MANIFEST_PROPERTIES,
};

/**
 * A plugin source in a marketplace entry: a path relative to the marketplace (`./plugins/x`), or an object whose
 * `source` says the kind (`github`, `url`, `git-subdir`, `npm`…) with the fields of that kind.
 */
const PLUGIN_SOURCE = {
  anyOf: [
    { type: "string", minLength: 1 },
    {
      type: "object",
      required: ["source"],
      properties: { source: TEXT, repo: TEXT, url: TEXT, path: TEXT, ref: TEXT, sha: TEXT, package: TEXT, version: TEXT },
    },
  ],
} as const;

/** One entry of marketplace.json's `plugins`: a manifest's members, all optional, with where to fetch the plugin. */
export const MARKETPLACE_ENTRY_SCHEMA: JsonSchema = {
  type: "object",
  required: ["name", "source"],
  properties: { ...MANIFEST_PROPERTIES, source: PLUGIN_SOURCE, strict: { type: "boolean" }, category: TEXT, tags: { type: "array", items: TEXT } },
};

/** `.claude-plugin/marketplace.json`: its entries are checked one by one (a bad entry never hides the others). */
export const MARKETPLACE_SCHEMA: JsonSchema = {
  type: "object",
  required: ["name", "plugins"],
  properties: {
    $schema: TEXT,
    name: TEXT,
    description: TEXT,
    version: TEXT,
    owner: PERSON,
    metadata: { type: "object", properties: { description: TEXT, version: TEXT, pluginRoot: TEXT } },
    plugins: { type: "array" },
  },
};
