/**
 * A Claude Code `Read(...)` / `Edit(...)` path specifier as a MAIA path pattern (permissions.md). Claude Code reads
 * gitignore patterns with four anchors (its permissions page):
 *
 * | Claude Code       | means                                       | MAIA pattern                     |
 * | ----------------- | ------------------------------------------- | -------------------------------- |
 * | `//abs/path`      | from the file system's root                 | `/abs/path`                      |
 * | `~/path`          | from the home folder                        | `~/path`                         |
 * | `/path`           | from the settings file's source (`anchor`)  | `<anchor>/path` (absolute)       |
 * | `path`, `./path`  | from the launch folder                      | `path`, at any depth when gitignore says so |
 *
 * Within the launch folder, gitignore's depth rules: a pattern without a slash (`.env`, `*.pem`) matches at any
 * depth (`**\/.env`); a single folder then `/**` (`secrets/**`) matches that folder at any depth for deny and ask
 * rules and only at the top for allow rules; any other shape stays where it is written. A trailing `/` means the
 * folder and what is under it.
 *
 * MAIA's globs are picomatch's, which give meaning to characters gitignore takes literally (`{a,b}`, `(`, `|`,
 * `+(…)`, `@(…)`, `!(…)`) and read `[!a]` as a class holding `!`: those are escaped, and `[!` becomes `[^`, so
 * that the MAIA pattern matches exactly the paths the gitignore one does.
 */
export type PathRuleKind = "allow" | "ask" | "deny";

export type PathTranslation = { ok: true; pattern: string } | { ok: false; problem: "empty" | "negation" | "unclosedClass" | "dotSegment" };

export function claudePathPattern(specifier: string, kind: PathRuleKind, anchor: string): PathTranslation {
  let text = specifier.trim();
  if (text === "") return { ok: false, problem: "empty" };
  if (text.startsWith("!")) return { ok: false, problem: "negation" };
  let base: string;
  let rest: string;
  let relative = false;
  if (text.startsWith("//")) {
    base = "/";
    rest = text.replace(/^\/+/, "");
  } else if (text === "~" || text.startsWith("~/")) {
    base = "~/";
    rest = text.slice(2);
  } else if (text.startsWith("/")) {
    base = `${escapeFolder(anchor.replace(/\/+$/, ""))}/`;
    rest = text.replace(/^\/+/, "");
  } else {
    relative = true;
    base = "";
    while (text.startsWith("./")) text = text.slice(2).replace(/^\/+/, "");
    rest = text;
  }
  // `.` and `..` inside a pattern: gitignore matches them literally (never a real path's segment) and MAIA would
  // resolve them; neither reading can be said of the other, so such a pattern is not read (a leading `./` is fine).
  if (rest.split("/").some((part) => part === "." || part === "..")) return { ok: false, problem: "dotSegment" };
  const folderOnly = rest.endsWith("/");
  let body = rest.replace(/\/+$/, "");
  const literal = gitignoreToPicomatch(body);
  if (literal === undefined) return { ok: false, problem: "unclosedClass" };
  body = literal;
  if (relative) {
    // `./` alone: the whole launch folder for a deny or an ask; not read for an allow (gitignore has no such pattern).
    if (body === "") {
      if (kind === "allow") return { ok: false, problem: "empty" };
      body = "**";
    }
    else if (!body.includes("/")) body = `**/${body}`;
    else if (kind !== "allow" && /^[^/]+\/\*\*$/.test(body)) body = `**/${body}`;
  }
  // A trailing `/`: only a folder, so only what is under it for an allow (the name alone may be a file); a deny
  // or an ask takes the name too.
  if (folderOnly && kind === "allow") body = body === "**" || body.endsWith("/**") ? `${body}/*/*` : `${body}/**/*`;
  else if (folderOnly && body !== "**" && !body.endsWith("/**")) body = `${body}/**`;
  const pattern = `${base}${body}`;
  return { ok: true, pattern: pattern === "" ? "**" : pattern };
}

/** A folder's name inside a pattern: every glob character taken literally (as MAIA's own absoluteGlob does). */
export function escapeFolder(folder: string): string {
  return folder.replace(/[\\*?[\]{}()!+@|]/g, "\\$&");
}

/**
 * A gitignore pattern's text as picomatch reads the same paths: `*`, `?`, `**`, `[…]` and `\x` kept; characters
 * that are literal in gitignore but syntax in picomatch escaped. Undefined for an unclosed `[`.
 */
export function gitignoreToPicomatch(pattern: string): string | undefined {
  let out = "";
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index] as string;
    if (char === "\\") {
      const next = pattern[index + 1];
      out += next === undefined ? "\\\\" : `\\${next}`;
      index += 2;
      continue;
    }
    if (char === "[") {
      const end = classEnd(pattern, index);
      if (end === undefined) return undefined;
      let inner = pattern.slice(index + 1, end);
      if (inner.startsWith("!")) inner = `^${inner.slice(1)}`;
      out += `[${inner}]`;
      index = end + 1;
      continue;
    }
    out += /[{}()!+@|]/.test(char) ? `\\${char}` : char;
    index += 1;
  }
  return out;
}

/** The index of the `]` that closes the class opened at `start` (a `]` first in the class is a member). */
function classEnd(pattern: string, start: number): number | undefined {
  let index = start + 1;
  if (pattern[index] === "!" || pattern[index] === "^") index += 1;
  if (pattern[index] === "]") index += 1;
  for (; index < pattern.length; index += 1) {
    if (pattern[index] === "\\") {
      index += 1;
      continue;
    }
    if (pattern[index] === "]") return index;
  }
  return undefined;
}
