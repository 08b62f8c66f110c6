import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { lazyBuiltin } from "./lazy-builtin.ts";

const crypto = lazyBuiltin<typeof import("node:crypto")>("node:crypto");

/**
 * How much a process hashes in JavaScript (strings counted in UTF-16 units) before it turns to Node's native
 * hash for good: loading `node:crypto` costs about what hashing a few hundred KB in JavaScript costs more than
 * natively, so a short run never loads it and a long session pays for it once.
 */
export const JS_HASH_BUDGET = 512 * 1024;
let hashedInJs = 0;

/**
 * The sha256 of the parts one after another, in hex: what `createHash("sha256").update(a).update(b)…` gives,
 * strings as UTF-8. A `maia -p` run's hashes (a folder's id, a config file, a conversation's fingerprint) are
 * computed in JavaScript: loading `node:crypto` would cost it more than all of them (issue 22). Past
 * JS_HASH_BUDGET (a long session's conversation fingerprints, file contents), the native hash, several times
 * faster per byte.
 */
export function sha256Hex(...parts: readonly (string | Uint8Array)[]): string {
  let size = 0;
  for (const part of parts) size += typeof part === "string" ? part.length : part.byteLength;
  if (hashedInJs + size > JS_HASH_BUDGET) {
    hashedInJs = JS_HASH_BUDGET;
    const hash = crypto().createHash("sha256");
    for (const part of parts) hash.update(part);
    return hash.digest("hex");
  }
  hashedInJs += size;
  const hash = sha256.create();
  for (const part of parts) hash.update(typeof part === "string" ? utf8ToBytes(part) : part);
  return bytesToHex(hash.digest());
}
