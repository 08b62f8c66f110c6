import { appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { redactSecret } from "./errors.ts";

/** Default file of MAIA_DEBUG_LLM=1 (seed § 7.2). */
export const DEBUG_LOG_NAME = "maia-llm-debug.log";

/** A stream of raw text recorded as it arrives; `end` flushes what is held back for redaction. */
export interface DebugStream {
  write(text: string): void;
  end(): void;
}

/**
 * The raw LLM traffic recorder. Everything written goes through `redactSecret`, so the API key never
 * reaches the file; a write that fails is ignored (diagnostics must never break a conversation).
 */
export interface DebugLog {
  readonly path: string;
  /** A titled section: the request, a response status, an error. */
  section(title: string, text?: string): void;
  /** The response body, chunk by chunk, exactly as received. */
  stream(title: string): DebugStream;
}

/**
 * The debug log asked for by MAIA_DEBUG_LLM: `1` (or `true`) → maia-llm-debug.log in the temporary folder;
 * any other non-empty value except `0`/`false` → that file path. Undefined when recording is off.
 */
export function debugLogPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.MAIA_DEBUG_LLM?.trim();
  if (value === undefined || value === "" || value === "0" || value.toLowerCase() === "false") return undefined;
  if (value === "1" || value.toLowerCase() === "true") return join(tmpdir(), DEBUG_LOG_NAME);
  return resolve(value);
}

export function openDebugLog(env: NodeJS.ProcessEnv = process.env, secret?: string): DebugLog | undefined {
  const path = debugLogPath(env);
  if (path === undefined) return undefined;
  const append = (text: string): void => {
    try {
      appendFileSync(path, text, { encoding: "utf8", mode: 0o600 });
    } catch {
      // Recording is best effort.
    }
  };
  return {
    path,
    section(title, text) {
      const body = text === undefined ? "" : `${redactSecret(text, secret)}\n`;
      append(`\n=== ${new Date().toISOString()} ${redactSecret(title, secret)} ===\n${body}`);
    },
    stream(title) {
      append(`\n=== ${new Date().toISOString()} ${redactSecret(title, secret)} ===\n`);
      // A key cut between two chunks must still be redacted: hold back its length minus one character.
      const keep = secret !== undefined && secret.length >= 4 ? secret.length - 1 : 0;
      let held = "";
      return {
        write(text) {
          const redacted = redactSecret(held + text, secret);
          const cut = Math.max(0, redacted.length - keep);
          append(redacted.slice(0, cut));
          held = redacted.slice(cut);
        },
        end() {
          append(`${held}\n=== end of stream ===\n`);
          held = "";
        },
      };
    },
  };
}
