import { setActiveLocale } from "@maia/kernel";
import { translateClaudeRule } from "@maia/claude-code";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readClaudeRules, type PermissionNote } from "./claude-permissions.ts";
import { evaluate } from "./evaluate.ts";
import { parseRule, type RuleKind } from "./rule-syntax.ts";

/**
 * Issue 36's property: any rule Claude Code accepts is either read as MAIA rules that allow nothing more than
 * Claude Code would, or said in a warning — and a deny or an ask is never lost: whatever Claude Code would refuse
 * or ask about, MAIA refuses or asks about too. Each family is checked against an oracle written from Claude
 * Code's permissions page (not from the translation): Bash patterns, gitignore paths with their four anchors,
 * WebFetch domains, MCP names.
 */
beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const CWD = "/w/proj";
const HOME = "/w/home";
const CONTEXT = { cwd: CWD, homeDir: HOME, env: {}, report: false };

/** The rules MAIA makes of one Claude Code rule written in `.claude/settings.json` (anchor: the project root). */
function maiaRules(text: string, kind: RuleKind) {
  const warnings: string[] = [];
  const notes: PermissionNote[] = [];
  const rules = readClaudeRules({ [kind]: [text] }, { file: "/w/proj/.claude/settings.json", format: "claude", anchor: CWD, cwd: CWD, homeDir: HOME }, warnings, notes);
  return { rules, warnings };
}

async function decision(text: string, kind: RuleKind, tool: string, input: Record<string, unknown>) {
  const { rules, warnings } = maiaRules(text, kind);
  return { decision: (await evaluate(rules, tool, input, CONTEXT)).verdict.decision, warned: warnings.length > 0 };
}

/** Claude Code's Bash matching for one simple command (its permissions page: `*`, the ` *` boundary, `:*`). */
function claudeBashMatches(specifier: string | undefined, command: string): boolean {
  if (specifier === undefined || specifier === "*") return true;
  let pattern = specifier;
  if (pattern.endsWith(":*")) pattern = `${pattern.slice(0, -2)} *`;
  const escape = (part: string) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&");
  if (/ \*$/.test(pattern) && !pattern.slice(0, -2).includes("*")) {
    return new RegExp(`^${escape(pattern.slice(0, -2))}( .*)?$`, "s").test(command);
  }
  return new RegExp(`^${pattern.split("*").map(escape).join(".*")}$`, "s").test(command);
}

/** gitignore matching of Claude Code's Read/Edit specifiers, with its anchors and depth rules. */
function claudePathMatches(specifier: string, kind: RuleKind, file: string): boolean {
  let base: string;
  let rest: string;
  let relative = false;
  if (specifier.startsWith("//")) [base, rest] = ["", specifier.replace(/^\/+/, "")];
  else if (specifier.startsWith("~/")) [base, rest] = [HOME, specifier.slice(2)];
  else if (specifier.startsWith("/")) [base, rest] = [CWD, specifier.replace(/^\/+/, "")];
  else {
    relative = true;
    base = CWD;
    rest = specifier.replace(/^(\.\/)+/, "");
  }
  let anyDepth = relative && !rest.replace(/\/+$/, "").includes("/");
  if (relative && kind !== "allow" && /^[^/]+\/\*\*$/.test(rest)) anyDepth = true;
  const segments = rest.replace(/\/+$/, "").split("/");
  const source = segments
    .map((segment, index) => {
      if (segment === "**") return index === segments.length - 1 ? ".*" : "(?:[^/]*/)*";
      // gitignore: `*` and `?` within the segment, `[…]` a class (`[!…]` negated), anything else literal.
      const text = segment
        .split(/(\[[^\]]*\])/)
        .map((piece) =>
          piece.startsWith("[") && piece.endsWith("]") && piece.length > 2
            ? `[${piece.slice(1, -1).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`
            : piece
                .split("")
                .map((char) => (char === "*" ? "[^/]*" : char === "?" ? "[^/]" : char.replace(/[\\^$.|+()[\]{}]/g, "\\$&")))
                .join(""),
        )
        .join("");
      return index === segments.length - 1 ? text : `${text}/`;
    })
    .join("")
    .replace(/\(\?:\[\^\/\]\*\/\)\*$/, ".*");
  const prefix = `${base === "" ? "" : base.replace(/[\\^$.|?+()[\]{}*]/g, "\\$&")}/${anyDepth ? "(?:[^/]*/)*" : ""}`;
  const folderOnly = rest.endsWith("/");
  return new RegExp(`^${prefix}${source}${folderOnly ? "/.+" : "(?:/.*)?"}$`, "s").test(file);
}

/** Claude Code's WebFetch domain matching: case-insensitive, a leading `*.` any subdomain, `*` elsewhere one label. */
function claudeDomainMatches(pattern: string, host: string): boolean {
  const wanted = pattern.toLowerCase();
  const target = host.toLowerCase();
  if (wanted === "*") return true;
  const label = (part: string) => part.split("*").map((piece) => piece.replace(/[\\^$.|?+()[\]{}]/g, "\\$&")).join("[^.]*");
  if (wanted.startsWith("*.")) return new RegExp(`^(?:[^.]+\\.)+${wanted.slice(2).split(".").map(label).join("\\.")}$`).test(target);
  return new RegExp(`^${wanted.split(".").map(label).join("\\.")}$`).test(target);
}

const word = fc.stringMatching(/^[ab][ab:-]{0,2}$/);
const bashCommand = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));
const bashSpecifier = fc.oneof(
  bashCommand,
  bashCommand.map((text) => `${text} *`),
  bashCommand.map((text) => `${text}:*`),
  fc.tuple(bashCommand, bashCommand).map(([a, b]) => `${a}*${b}`),
  fc.tuple(bashCommand, bashCommand).map(([a, b]) => `${a} * ${b}`),
  bashCommand.map((text) => `${text}*`),
);
const kinds = fc.constantFrom<RuleKind>("allow", "ask", "deny");

describe("Claude Code rules are never read wider (issue 36)", () => {
  it("Bash: an allow covers only what Claude Code's pattern covers; a deny or ask refuses or asks whatever it matches", async () => {
    await fc.assert(
      fc.asyncProperty(bashSpecifier, kinds, bashCommand, async (specifier, kind, command) => {
        const { decision: verdict } = await decision(`Bash(${specifier})`, kind, "Bash", { command });
        const claude = claudeBashMatches(specifier, command);
        if (verdict === "allow") expect(claude && kind === "allow").toBe(true);
        if (claude && kind === "deny") expect(verdict).toBe("deny");
        if (claude && kind === "ask") expect(verdict).not.toBe("allow");
      }),
      { numRuns: 300 },
    );
  });

  const segment = fc.oneof(
    fc.constantFrom("a", "b", ".env", "src", "*", "**", "*.md", "x{a,b}", "p(q)", "!n", "+(a)", "@(b)", "[!a]c", "[ab]", "a?"),
    fc.stringMatching(/^[ab.]{1,3}$/),
  );
  const anchor = fc.constantFrom("", "./", "/", "//w/proj/", "~/", "//");
  const pathSpecifier = fc.tuple(anchor, fc.array(segment, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([start, parts, slash]) => `${start}${parts.join("/")}${slash ? "/" : ""}`);
  const fileSegment = fc.constantFrom("a", "b", ".env", "src", "x.md", "xa", "xb", "x{a,b}", "p(q)", "!n", "+(a)", "a", "@(b)", "ac", "bc", "!c", "[ab]", "ab", "a!");
  const filePath = fc.tuple(fc.constantFrom(CWD, HOME, "/w", "/w/proj/vendor"), fc.array(fileSegment, { minLength: 1, maxLength: 4 })).map(([root, parts]) => `${root}/${parts.join("/")}`);

  it("Read and Edit paths: the four anchors and gitignore's depth rules, with its literal characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("Read", "Edit"), pathSpecifier, kinds, filePath, async (tool, specifier, kind, file) => {
        const target = tool === "Read" ? "Read" : "Edit";
        const { decision: verdict, warned } = await decision(`${tool}(${specifier})`, kind, target, { path: file });
        const claude = claudePathMatches(specifier, kind, file);
        if (verdict === "allow") expect(claude && kind === "allow").toBe(true);
        if (claude && kind === "deny") expect(verdict === "deny" || (warned && verdict === "ask")).toBe(true);
        if (claude && kind === "ask") expect(verdict).not.toBe("allow");
      }),
      { numRuns: 600 },
    );
  });

  it("a Read deny also refuses Edit and Write there; an Edit allow also lets Read there, never more", async () => {
    await fc.assert(
      fc.asyncProperty(pathSpecifier, filePath, fc.constantFrom("Edit", "Write"), async (specifier, file, tool) => {
        const claude = claudePathMatches(specifier, "deny", file);
        const { decision: verdict, warned } = await decision(`Read(${specifier})`, "deny", tool, { path: file });
        if (claude) expect(verdict === "deny" || (warned && verdict === "ask")).toBe(true);
        const read = await decision(`Edit(${specifier})`, "allow", "Read", { path: file });
        if (read.decision === "allow") expect(claudePathMatches(specifier, "allow", file)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  const label = fc.constantFrom("a", "b", "ex", "*", "a*", "*b");
  const domain = fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => labels.join("."));
  const host = fc.array(fc.constantFrom("a", "b", "ex", "ab", "xb", "evil"), { minLength: 1, maxLength: 4 }).map((labels) => labels.join("."));

  it("WebFetch domains: an allow whose * would cross a dot in MAIA is dropped with a warning; a deny still refuses", async () => {
    await fc.assert(
      fc.asyncProperty(domain, kinds, host, async (pattern, kind, name) => {
        const { decision: verdict, warned } = await decision(`WebFetch(domain:${pattern})`, kind, "WebFetch", { url: `https://${name}/x` });
        const claude = claudeDomainMatches(pattern, name);
        if (verdict === "allow") expect(claude && kind === "allow").toBe(true);
        if (claude && kind === "deny") expect(verdict).toBe("deny");
        if (claude && kind === "ask") expect(verdict).not.toBe("allow");
        if (kind === "allow" && pattern.replace(/^\*\./, "").includes("*") && pattern !== "*") expect(warned).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("MCP names: server, server__*, server__tool with a * in the tool part", async () => {
    const server = fc.constantFrom("gh", "db");
    const tool = fc.constantFrom("get_a", "get_b", "put_a", "x");
    const rule = fc.oneof(server.map((s) => `mcp__${s}`), server.map((s) => `mcp__${s}__*`), fc.tuple(server, fc.constantFrom("get_*", "get_a", "*_a", "x")).map(([s, t]) => `mcp__${s}__${t}`));
    await fc.assert(
      fc.asyncProperty(rule, kinds, server, tool, async (text, kind, callServer, callTool) => {
        const { decision: verdict } = await decision(text, kind, `mcp__${callServer}__${callTool}`, {});
        const [, ruleServer, ruleTool = "*"] = /^mcp__([a-z]+)(?:__(.+))?$/.exec(text) ?? [];
        const claude = ruleServer === callServer && new RegExp(`^${ruleTool.replace(/\*/g, ".*")}$`).test(callTool);
        if (verdict === "allow") expect(claude && kind === "allow").toBe(true);
        if (claude && kind === "deny") expect(verdict).toBe("deny");
      }),
      { numRuns: 200 },
    );
  });

  it("any text: the translation never throws, and each rule it gives is a MAIA rule or the rule is warned about", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.tuple(fc.constantFrom("Bash", "Read", "Edit", "Write", "WebFetch", "mcp__a", "Agent", "Task", "Skill", "*", "B*", "WebSearch", "x"), fc.string()).map(([tool, inner]) => `${tool}(${inner})`)), kinds, (text, kind) => {
        const translated = translateClaudeRule(text, kind, CWD);
        for (const rule of translated.rules) {
          const parsed = parseRule(rule.text);
          if (!parsed.ok) expect(maiaRules(text, kind).warnings.length).toBeGreaterThan(0);
          // Never an allow made of a deny or an ask.
          if (kind !== "allow") expect(rule.kind).not.toBe("allow");
        }
      }),
      { numRuns: 2000 },
    );
  });
});
