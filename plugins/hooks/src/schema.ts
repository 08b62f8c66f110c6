import type { JsonSchema } from "@maia/kernel";

/** Longest timeout a hook may ask for, in seconds: the kernel waits at most 10 min for the hooks of one event. */
export const MAX_TIMEOUT_SECONDS = 600;
export const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * One matcher group of Claude Code's `hooks` block: `{ "matcher": "Edit|Write", "hooks": [{ "type": "command",
 * "command": "…", "timeout": 60 }] }`. Other members (Claude Code adds fields over time) are allowed, so a block
 * copied from its documentation is never refused for a key MAIA does not use.
 */
export const GROUP_SCHEMA: JsonSchema = {
  type: "object",
  required: ["hooks"],
  properties: {
    matcher: { type: "string" },
    hooks: {
      type: "array",
      items: {
        type: "object",
        required: ["type"],
        properties: {
          type: { type: "string" },
          command: { type: "string", minLength: 1 },
          timeout: { type: "number", exclusiveMinimum: 0 },
        },
      },
    },
  },
};

/** The `hooks` key of a settings file, for editors and `$schema` (the plugin checks group by group). */
export const HOOKS_SCHEMA: JsonSchema = {
  type: "object",
  additionalProperties: { type: "array", items: GROUP_SCHEMA },
};
