import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { lazyBuiltin } from "./lazy-builtin.ts";

const crypto = lazyBuiltin<typeof import("node:crypto")>("node:crypto");

/** From this many bytes (strings counted in UTF-16 units), the parts go to Node's native hash. */
export const NATIVE_HASH_FROM = 64 * 1024;

/**
 * The sha256 of the parts one after another, in hex: what `createHash("sha256").update(a).update(b)…` gives,
 * strings as UTF-8. Small inputs (a folder's id, a config file, a conversation's fingerprint) are hashed in
 * JavaScript: loading `node:crypto` costs a `maia -p` run more than all of its hashes (issue 22). Large ones,
 * such as a file's contents, go to the native hash, which is several times faster per byte.
 */
export function sha256Hex(...parts: readonly (string | Uint8Array)[]): string {
  let size = 0;
  for (const part of parts) size += typeof part === "string" ? part.length : part.byteLength;
  if (size >= NATIVE_HASH_FROM) {
    const hash = crypto().createHash("sha256");
    for (const part of parts) hash.update(part);
    return hash.digest("hex");
  }
  const hash = sha256.create();
  for (const part of parts) hash.update(typeof part === "string" ? utf8ToBytes(part) : part);
  return bytesToHex(hash.digest());
}
