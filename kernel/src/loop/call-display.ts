import type { AnyTool, ToolKind, ToolLocation, ToolPreview } from "../contracts/tool.ts";
import { prepareToolInput } from "./tool-input.ts";

/** What front ends show of a call, from the tool's own declarations (the `tool_call` event, ACP's history). */
export interface CallDisplay {
  /** The input as the tool sees it (aliases resolved, numbers coerced); the model's when it does not validate. */
  input: Record<string, unknown>;
  /** Tool.describe; "" when the tool has none or it throws. */
  summary: string;
  kind: ToolKind;
  locations: ToolLocation[];
}

/**
 * Summary, kind and locations of a call, each read from the tool (never from its name): a tool that throws in
 * `describe` or `locations` is shown without them. With a preview that names the first changed line (Edit), the
 * location of that file gets the line.
 */
export function callDisplay(
  tool: AnyTool | undefined,
  raw: Record<string, unknown>,
  places: { cwd: string; homeDir: string },
  preview?: ToolPreview,
): CallDisplay {
  const prepared = tool ? prepareToolInput(tool, raw) : undefined;
  const input = prepared?.ok ? prepared.input : raw;
  return { input, summary: summaryOf(tool, input), kind: tool?.kind ?? "other", locations: locationsOf(tool, input, places, preview) };
}

/**
 * What a tool declares of a call beside running it (its summary, locations, sandboxing, lock key, rule hint) is a
 * courtesy: a declaration that throws is read as none, and the call goes on without it.
 */
export function declared<T>(read: () => T | undefined): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

export function summaryOf(tool: AnyTool | undefined, input: Record<string, unknown>): string {
  return declared(() => tool?.describe?.(input)) ?? "";
}

function locationsOf(tool: AnyTool | undefined, input: Record<string, unknown>, places: { cwd: string; homeDir: string }, preview?: ToolPreview): ToolLocation[] {
  const locations = declared(() => tool?.locations?.(input, places)) ?? [];
  const line = preview?.line;
  if (line === undefined) return locations;
  return locations.map((location) => (location.path === preview?.path && location.line === undefined ? { ...location, line } : location));
}
