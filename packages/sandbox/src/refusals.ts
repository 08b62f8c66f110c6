import path from "node:path";
import { isInside, type SandboxBoundary } from "./boundary.ts";
import { t } from "./messages.ts";
import type { ProxyRefusal } from "./proxy/domain-proxy.ts";

/**
 * What the model reads after a sandboxed command's output when the sandbox most likely stopped it: a write on a
 * read-only file system, a host the proxy refused, no route out, a blocked Unix socket or listen. Worded so that
 * the model can act on it (ask the user, or call again with dangerouslyDisableSandbox). Undefined when nothing in
 * the output or the proxy's log points at the sandbox.
 */
export function explainRefusal(output: string, boundary: SandboxBoundary, refused: readonly ProxyRefusal[], networkEnabled: boolean): string | undefined {
  const sentences: string[] = [];
  const extra = boundary.writable.length > 1 ? ` (${boundary.writable.slice(1).join(", ")})` : "";
  if (/Read-only file system|EROFS/.test(output)) {
    const where = readOnlyPath(output);
    sentences.push(where ? t("refusedWrite", { path: where, extra, protected: t("protectedList") }) : t("refusedWriteNoPath", { extra }));
  }
  if (refused.length > 0) {
    const hosts = [...new Set(refused.map((refusal) => `${refusal.host}:${refusal.port}`))].join(", ");
    sentences.push(t("refusedHost", { hosts }));
  } else if (!networkEnabled && /Could not resolve host|Temporary failure in name resolution|Name or service not known|getaddrinfo (ENOTFOUND|EAI_AGAIN)|Network is unreachable|ENETUNREACH/.test(output)) {
    sentences.push(t("noNetwork"));
  }
  if (/Operation not permitted|EPERM/.test(output) && /socket|connect|listen|bind|docker|\.sock\b/i.test(output)) sentences.push(t("refusedSocket"));
  if (sentences.length === 0) return undefined;
  sentences.push(t("refusedAdvice"));
  return sentences.join(" ");
}

/** The path a "Read-only file system" message names, in the forms coreutils, bash, Python and Node write it. */
function readOnlyPath(output: string): string | undefined {
  for (const line of output.split("\n")) {
    if (!/Read-only file system|EROFS/.test(line)) continue;
    // The name right before the reason ("touch: cannot touch '/x': Read-only…", "bash: line 1: /x: Read-only…").
    const named = /['‘"]([^'’"]+)['’"]:? Read-only file system/.exec(line)?.[1] ?? /(\S+): Read-only file system/.exec(line)?.[1];
    if (named) return named;
    const quoted = /['‘"]([^'’"]+)['’"]/.exec(line)?.[1];
    if (quoted) return quoted;
    const bare = /(?:^|\s)(\/[^\s:'"]+)/.exec(line)?.[1];
    if (bare) return bare;
  }
  return undefined;
}

/** Whether a path is one the sandbox lets commands write (for `maia sandbox check` and tests). */
export function writableBy(boundary: SandboxBoundary, target: string): boolean {
  const resolved = path.resolve(target);
  if (boundary.readOnly.some((protectedPath) => isInside(resolved, protectedPath))) return false;
  return boundary.writable.some((folder) => isInside(resolved, folder));
}
