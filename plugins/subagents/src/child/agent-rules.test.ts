import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agentVerdict, bashPieces, ruleConcerns, wildcardMatches } from "./agent-rules.ts";

const where = { cwd: "/work/p", homeDir: "/home/u" };
const bash = (command: string) => ({ name: "Bash", input: { command } });

const SHELL_KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in", "function", "select", "time", "coproc"]);

describe("the definition's ask and deny rules in the sub-agent (seed § 20.3.1)", () => {
  it("deny wins over ask, and a rule names its tool exactly", () => {
    const permissions = { deny: ["Write", "Bash(rm *)"], ask: ["Bash", "Read(secrets/**)"] };
    expect(agentVerdict(permissions, { name: "Write", input: { path: "a" } }, where)).toEqual({ decision: "deny", rule: "Write", source: "AGENT.md" });
    expect(agentVerdict(permissions, bash("rm -rf build"), where)?.decision).toBe("deny");
    expect(agentVerdict(permissions, bash("ls"), where)).toEqual({ decision: "ask", rule: "Bash", source: "AGENT.md" });
    expect(agentVerdict(permissions, { name: "Read", input: { path: "secrets/key.pem" } }, where)?.decision).toBe("ask");
    expect(agentVerdict(permissions, { name: "Read", input: { path: "src/a.ts" } }, where)).toBeUndefined();
    expect(agentVerdict(permissions, { name: "write", input: {} }, where)).toBeUndefined();
  });

  it("finds a Bash pattern in any piece of a compound command", () => {
    for (const command of ["ls && rm -rf /", "echo $(rm x)", "true; rm x", "cat a | rm x", "(rm x)", "rm"]) {
      expect(ruleConcerns("Bash(rm *)", bash(command), where)).toBe(true);
    }
    expect(ruleConcerns("Bash(rm *)", bash("echo rm"), where)).toBe(false);
    expect(ruleConcerns("Bash(rm *)", bash("rmdir x"), where)).toBe(false);
    expect(bashPieces("a && b || c; d | e")).toEqual(["a && b || c; d | e", "a", "b", "c", "d", "e"]);
  });

  it("reads path rules from the launch folder, ~ included, folders covering what is below them", () => {
    expect(ruleConcerns("Write(docs)", { name: "Write", input: { path: "docs/a/b.md" } }, where)).toBe(true);
    expect(ruleConcerns("Edit(*.lock)", { name: "Edit", input: { file_path: "/work/p/pnpm.lock" } }, where)).toBe(true);
    expect(ruleConcerns("Edit(*.lock)", { name: "Edit", input: { file_path: "/work/p/sub/pnpm.lock" } }, where)).toBe(false);
    expect(ruleConcerns("Read(~/.ssh/**)", { name: "Read", input: { path: "/home/u/.ssh/id_rsa" } }, where)).toBe(true);
    expect(ruleConcerns("Read(/etc/*)", { name: "Read", input: { path: "../../etc/passwd" } }, where)).toBe(true);
  });

  it("matches WebFetch domains and any text value of other tools", () => {
    expect(ruleConcerns("WebFetch(domain:*.example.com)", { name: "WebFetch", input: { url: "https://api.example.com/x" } }, where)).toBe(true);
    expect(ruleConcerns("WebFetch(domain:example.com)", { name: "WebFetch", input: { url: "https://evil.com/?example.com" } }, where)).toBe(false);
    expect(ruleConcerns("Skill(deploy)", { name: "Skill", input: { name: "deploy" } }, where)).toBe(true);
  });

  it("never concerns less than the wildcard says: a literal pattern always matches itself", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 10 }), (text, tail) => {
        expect(wildcardMatches(text.replaceAll("*", ""), text.replaceAll("*", ""))).toBe(true);
        const literal = text.replaceAll("*", "");
        expect(wildcardMatches(`${literal}*`, `${literal}${tail}`)).toBe(true);
      }),
    );
    // A Bash rule names a command: words of plain characters (a shell keyword such as `!` is not a command).
    const word = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_./"), minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/).filter((name) => !SHELL_KEYWORDS.has(name)), fc.array(word, { maxLength: 3 }), (command, args) => {
        expect(ruleConcerns(`Bash(${command} *)`, bash([command, ...args].join(" ")), where)).toBe(true);
      }),
    );
  });
});
