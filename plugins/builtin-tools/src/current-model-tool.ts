import type { Tool } from "@maia/kernel";
import { toolDoc as d } from "./descriptions.ts";
import { t } from "./messages.ts";

/** Seed § 8: the active model, read at call time (it changes with /model). */
export function createCurrentModelTool(): Tool<Record<string, never>> {
  return {
    spec: {
      name: "CurrentModel",
      description: d("currentModel"),
      inputSchema: { type: "object", properties: {} },
    },
    permission: "auto",
    execute: async (_input, context) => (context.model ? t("currentModel", { model: context.model }) : t("currentModelUnknown")),
  };
}
