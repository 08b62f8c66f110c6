import { kernelRangeProblem } from "@maia/util/caret-range";
import { ERROR_CODES, errorMessage, type ErrorCode } from "@maia/util/maia-error";
import { schemaProblem } from "@maia/util/validation";
import type { MaiaPlugin } from "./define-plugin.ts";

/** The version plugins' `kernel` ranges are checked against. */
export const KERNEL_VERSION = "1.0.0";

export type PluginCheck =
  | { ok: true; plugin: MaiaPlugin<unknown, unknown> }
  | { ok: false; code: ErrorCode; reason: string };

/**
 * Is this imported module a MAIA plugin this kernel can load? Its default export must be a plugin object of
 * the right shape (name, version, apply…, a valid optionsSchema) whose `kernel` range this kernel satisfies.
 * The plugin host runs it at load time; `maia plugins add` runs it right after installing a package. With
 * `expectedName`, the plugin must declare that name (an npm plugin is named after its package). Never throws.
 */
export function checkPluginModule(module: unknown, expectedName?: string): PluginCheck {
  let plugin: unknown;
  let problem: { code: ErrorCode; reason: string } | undefined;
  try {
    plugin = (module as { default?: unknown } | null | undefined)?.default;
    problem = shapeProblem(plugin, expectedName);
  } catch (error) {
    // A module whose exports throw when read (getters, proxies) is malformed, not fatal.
    problem = { code: ERROR_CODES.PLUGIN_SHAPE, reason: `reading the plugin object failed: ${errorMessage(error)}` };
  }
  return problem ? { ok: false, ...problem } : { ok: true, plugin: plugin as MaiaPlugin<unknown, unknown> };
}

function shapeProblem(plugin: unknown, expectedName: string | undefined): { code: ErrorCode; reason: string } | undefined {
  const shape = (reason: string) => ({ code: ERROR_CODES.PLUGIN_SHAPE, reason });
  if (typeof plugin !== "object" || plugin === null) {
    return shape("the module has no default export that is a plugin object (definePlugin({...}))");
  }
  const candidate = plugin as Record<string, unknown>;
  if (typeof candidate.name !== "string" || candidate.name === "") return shape("`name` must be a non-empty string");
  if (expectedName !== undefined && candidate.name !== expectedName) {
    return shape(`declares the name "${candidate.name}" but is configured as "${expectedName}"`);
  }
  if (typeof candidate.version !== "string") return shape("`version` must be a string");
  if (typeof candidate.apply !== "function") return shape("`apply` must be a function");
  if (candidate.dependencies !== undefined) {
    const deps = candidate.dependencies;
    if (!Array.isArray(deps) || deps.some((dep) => typeof dep !== "string")) {
      return shape("`dependencies` must be an array of plugin names");
    }
  }
  if (candidate.enforce !== undefined && candidate.enforce !== "pre" && candidate.enforce !== "post") {
    return shape('`enforce` must be "pre", "post" or absent');
  }
  if (candidate.optionsSchema !== undefined) {
    if (typeof candidate.optionsSchema !== "object" || candidate.optionsSchema === null) {
      return shape("`optionsSchema` must be a JSON Schema object");
    }
    const problem = schemaProblem(candidate.optionsSchema as Record<string, unknown>);
    if (problem) return shape(`invalid optionsSchema: ${problem}`);
  }
  const range = typeof candidate.kernel === "string" ? kernelRangeProblem(candidate.kernel, KERNEL_VERSION) : "invalid";
  if (range === "invalid") return shape("`kernel` must be a semver range such as \"^1.0.0\"");
  if (range === "unsatisfied") {
    return {
      code: ERROR_CODES.PLUGIN_KERNEL_RANGE,
      reason: `needs kernel ${String(candidate.kernel)}, this MAIA has kernel ${KERNEL_VERSION}`,
    };
  }
  return undefined;
}
