import { parseDocument } from "yaml";

/**
 * A SKILL.md file (seed § 11.3): a YAML header between two `---` lines, then the skill's instructions. The
 * header is parsed by the `yaml` package; this file only finds its bounds and turns problems into a kind and a
 * line of the file. Never throws.
 */
export type FrontMatterResult =
  | { ok: true; data: Record<string, unknown>; body: string }
  | { ok: false; problem: FrontMatterProblem; line: number };

export type FrontMatterProblem =
  | { kind: "missing" }
  | { kind: "unclosed" }
  | { kind: "yaml"; detail: string }
  | { kind: "notMapping" };

const isFence = (line: string) => /^---[ \t]*\r?$/.test(line);

export function parseFrontMatter(source: string): FrontMatterResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const lines = text.split("\n");
  if (!isFence(lines[0] ?? "")) return { ok: false, problem: { kind: "missing" }, line: 1 };
  const close = lines.findIndex((line, index) => index > 0 && isFence(line));
  if (close === -1) return { ok: false, problem: { kind: "unclosed" }, line: 1 };
  const header = lines.slice(1, close).map((line) => line.replace(/\r$/, "")).join("\n");
  const body = lines.slice(close + 1).join("\n");

  const document = parseDocument(header, { uniqueKeys: true });
  const error = document.errors[0];
  if (error) {
    // The header starts on the file's second line.
    return { ok: false, problem: { kind: "yaml", detail: firstLine(error.message) }, line: (error.linePos?.[0].line ?? 1) + 1 };
  }
  let data: unknown;
  try {
    // A bounded alias count: a "billion laughs" header is a problem, not a frozen MAIA.
    data = document.toJS({ maxAliasCount: 100 });
  } catch (failure) {
    return { ok: false, problem: { kind: "yaml", detail: firstLine(failure instanceof Error ? failure.message : String(failure)) }, line: 2 };
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data)) return { ok: false, problem: { kind: "notMapping" }, line: 2 };
  return { ok: true, data: data as Record<string, unknown>, body };
}

/** The library's sentence without its position and code frame: the caller says the line of the file. */
function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?\s*$/, "").trim();
}
