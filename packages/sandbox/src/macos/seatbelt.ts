import type { SandboxBoundary } from "../boundary.ts";

/**
 * The Seatbelt profile (`sandbox-exec -p`) of a boundary on macOS: everything readable but the secrets, writes
 * only in the writable folders, the private temp folder and the terminal devices, the protected paths read-only
 * again, no network but the proxy's port on 127.0.0.1, no Unix socket but those listed (by path) or all, no listening
 * unless local binding is. In Seatbelt's language the last rule that matches decides, so denials come after the
 * allowances they narrow. Written from Apple's profile language as sandbox-runtime and Chromium use it; it has no
 * test on a Mac in this repository's CI (Linux), see docs/sandbox.md.
 */
export function seatbeltProfile(boundary: SandboxBoundary, options: { privateTmp: string; proxyPort: number | undefined }): string {
  const lines = [
    "(version 1)",
    "(deny default)",
    "(allow process-exec process-fork process-info* signal sysctl-read pseudo-tty)",
    "(allow mach-lookup ipc-posix-shm* ipc-posix-sem)",
    "(allow file-read*)",
    "(allow file-ioctl (regex #\"^/dev/tty\") (regex #\"^/dev/pty\"))",
    `(allow file-write* ${[...boundary.writable, options.privateTmp].map(subpath).join(" ")} (literal "/dev/null") (literal "/dev/stdout") (literal "/dev/stderr") (regex #"^/dev/tty") (regex #"^/dev/pty"))`,
  ];
  if (boundary.readOnly.length > 0) lines.push(`(deny file-write* ${boundary.readOnly.map(subpath).join(" ")})`);
  if (boundary.denyRead.length > 0) lines.push(`(deny file-read* file-write* ${boundary.denyRead.map(subpath).join(" ")})`);
  if (options.proxyPort !== undefined) lines.push(`(allow network-outbound (remote ip "localhost:${options.proxyPort}"))`);
  if (boundary.network.allowLocalBinding) lines.push('(allow network-bind network-inbound (local ip "localhost:*"))', '(allow network-outbound (remote ip "localhost:*"))');
  if (boundary.network.allowAllUnixSockets) lines.push("(allow network* (remote unix-socket))", "(allow network-bind (local unix-socket))");
  else if (boundary.network.allowUnixSockets.length > 0) lines.push(`(allow network-outbound ${boundary.network.allowUnixSockets.map((socket) => `(remote unix-socket (path-literal ${JSON.stringify(socket)}))`).join(" ")})`);
  return `${lines.join("\n")}\n`;
}

/** A path as a Seatbelt filter: the path itself and what is below it. */
function subpath(target: string): string {
  return `(subpath ${JSON.stringify(target)})`;
}
