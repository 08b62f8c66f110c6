import { closeSync, openSync, readSync } from "node:fs";
import { lazyBuiltin } from "./lazy-builtin.ts";

const crypto = lazyBuiltin<typeof import("node:crypto")>("node:crypto");

/**
 * Bytes from the system's random generator, the one `node:crypto` itself draws from. Read from `/dev/urandom`
 * where there is one, which spares a `maia -p` run the cost of loading `node:crypto` (issue 22) for a session
 * id and two temporary names; elsewhere (Windows) from `node:crypto`.
 */
export function randomBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  if (!fillFromUrandom(bytes)) crypto().randomFillSync(bytes);
  return bytes;
}

export function randomHex(size: number): string {
  return randomBytes(size).toString("hex");
}

/** A version 4 UUID (RFC 9562), as `crypto.randomUUID()` writes it. */
export function randomUUID(): string {
  const bytes = randomBytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function fillFromUrandom(bytes: Buffer): boolean {
  let fd: number;
  try {
    fd = openSync("/dev/urandom", "r");
  } catch {
    return false;
  }
  try {
    for (let filled = 0; filled < bytes.length; ) {
      const read = readSync(fd, bytes, filled, bytes.length - filled, null);
      if (read === 0) return false;
      filled += read;
    }
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
