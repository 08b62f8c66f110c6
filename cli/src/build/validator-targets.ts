import { KERNEL_AJV_OPTIONS, type JsonSchema } from "@maia/util/validation";
import type { StandaloneValidator } from "./standalone.ts";
import { OPTIONS_SCHEMA as COMPACTION_OPTIONS } from "@maia/plugin-compaction/schema";
import { OPTIONS_SCHEMA as CONTEXT_OPTIONS } from "@maia/plugin-context/schema";
import { TOOL_SCHEMA } from "@maia/plugin-custom-tools/schema";
import { GROUP_SCHEMA as HOOKS_GROUP } from "@maia/plugin-hooks/schema";
import { HUB_SCHEMA } from "@maia/plugin-hub/config-schema";
import { THREAD_FILE_SCHEMA, THREAD_HEADER_SCHEMA } from "@maia/plugin-hub/thread-schema";
import { SETTINGS_SCHEMA } from "@maia/plugin-litellm/schema";
import { SERVER_SCHEMA } from "@maia/plugin-mcp/schema";
import { PERMISSIONS_SCHEMA } from "@maia/plugin-permissions/schema";
import { SAVED_SESSION_SCHEMA } from "@maia/plugin-sessions/schema";
import { OPTIONS_SCHEMA as SUBAGENTS_OPTIONS } from "@maia/plugin-subagents/schema";
import { CONFIG_SCHEMA } from "../config/config-schema.ts";
import { MANIFEST_SCHEMA, MARKETPLACE_ENTRY_SCHEMA, MARKETPLACE_SCHEMA } from "@maia/claude-plugins/schemas";

/** One generated module: where it is written (from the repository's root), and what it holds. */
export interface ValidatorTarget {
  file: string;
  /** The module the schemas come from, named in the generated file's header. */
  source: string;
  validators: StandaloneValidator[];
}

const kernel = (exportName: string, schema: object): StandaloneValidator => ({ exportName, schema: schema as JsonSchema, options: KERNEL_AJV_OPTIONS });

/**
 * Every static JSON Schema of MAIA's first-party code, turned into validation code at build time (issue 22):
 * each with the options of the ajv instance that used to compile it at run time, so that behaviour, defaults
 * and error messages are unchanged. Schemas made at run time (MCP tools, custom tools' parameters, third-party
 * plugins' options) are still compiled by the kernel, on first use, and cached.
 */
export const VALIDATOR_TARGETS: readonly ValidatorTarget[] = [
  // Plugin options: checked by the kernel's plugin host, through validatorFor (precompiled in each index.ts).
  { file: "plugins/compaction/src/options-validator.generated.ts", source: "options-schema.ts", validators: [kernel("validateOptions", COMPACTION_OPTIONS)] },
  { file: "plugins/context/src/options-validator.generated.ts", source: "options-schema.ts", validators: [kernel("validateOptions", CONTEXT_OPTIONS)] },
  { file: "plugins/subagents/src/options-validator.generated.ts", source: "options-schema.ts", validators: [kernel("validateOptions", SUBAGENTS_OPTIONS)] },
  { file: "cli/src/config/config-validator.generated.ts", source: "config-schema.ts", validators: [kernel("validateConfig", CONFIG_SCHEMA)] },
  { file: "plugins/permissions/src/permissions-validator.generated.ts", source: "permissions-schema.ts", validators: [kernel("validatePermissions", PERMISSIONS_SCHEMA)] },
  { file: "plugins/mcp/src/server-validator.generated.ts", source: "config-schema.ts (SERVER_SCHEMA)", validators: [kernel("validateServer", SERVER_SCHEMA)] },
  { file: "plugins/custom-tools/src/tool-validator.generated.ts", source: "tool-schema.ts", validators: [kernel("validateToolFile", TOOL_SCHEMA)] },
  { file: "plugins/hooks/src/group-validator.generated.ts", source: "schema.ts (GROUP_SCHEMA)", validators: [kernel("validateGroup", HOOKS_GROUP)] },
  {
    file: "packages/claude-plugins/src/schemas-validator.generated.ts",
    source: "schemas.ts",
    validators: [kernel("validateManifest", MANIFEST_SCHEMA), kernel("validateMarketplace", MARKETPLACE_SCHEMA), kernel("validateMarketplaceEntry", MARKETPLACE_ENTRY_SCHEMA)],
  },
  { file: "plugins/sessions/src/saved-session-validator.generated.ts", source: "saved-session-schema.ts", validators: [kernel("validateSavedSession", SAVED_SESSION_SCHEMA)] },
  // These two had ajv instances of their own: their options are kept (no defaults; the hub's strict mode).
  {
    file: "plugins/litellm/src/settings-validator.generated.ts",
    source: "settings-schema.ts",
    validators: [{ exportName: "validateSettings", schema: SETTINGS_SCHEMA, options: { allErrors: true, strict: false } }],
  },
  {
    file: "plugins/hub/src/config/hub-validator.generated.ts",
    source: "hub-schema.ts",
    validators: [{ exportName: "validateHubConfig", schema: HUB_SCHEMA as unknown as JsonSchema, options: { allErrors: true, strict: true, logger: false } }],
  },
  {
    file: "plugins/hub/src/threads/thread-validator.generated.ts",
    source: "thread-schema.ts",
    validators: [
      { exportName: "validateThreadFile", schema: THREAD_FILE_SCHEMA as unknown as JsonSchema, options: { allErrors: false, strict: false, logger: false } },
      { exportName: "validateThreadHeader", schema: THREAD_HEADER_SCHEMA as unknown as JsonSchema, options: { allErrors: false, strict: false, logger: false } },
    ],
  },
];
