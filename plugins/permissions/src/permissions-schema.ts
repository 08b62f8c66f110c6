import type { JsonSchema } from "@maia/kernel";

// Apart from the code that reads the files: the build step that generates its validator
// (permissions-validator.generated.ts, pnpm generate:validators) imports this module alone.
/** The published schema of the `permissions` property. */
export const PERMISSIONS_SCHEMA: JsonSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "MAIA permission rules (permissions in settings.json)",
  type: "object",
  properties: {
    allow: { type: "array", items: { type: "string" }, description: "Rules that run without asking" },
    ask: { type: "array", items: { type: "string" }, description: "Rules that always ask" },
    deny: { type: "array", items: { type: "string" }, description: "Rules that are refused" },
    defaultMode: { type: "string", description: "The approval mode sessions start in: default, acceptEdits or plan (Claude Code's key)" },
    additionalDirectories: { type: "array", items: { type: "string" }, description: "Folders where acceptEdits works as in the launch folder (Claude Code's key)" },
  },
  additionalProperties: false,
};
