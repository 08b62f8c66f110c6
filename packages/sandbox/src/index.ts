/**
 * @maia/sandbox — the OS sandbox that Bash, custom tools, opted-in MCP stdio servers and `maia sandbox run` run
 * commands in (issue 35): bubblewrap with a seccomp program on Linux, Seatbelt on macOS, and a proxy outside
 * the sandbox that lets through only the allowed domains. Settings (`sandbox` in settings.json) are read by
 * `./settings` (a separate entry, light enough for start-up); this entry is loaded by the first sandboxed command.
 */
export { probeSandbox, type Availability } from "./availability.ts";
export { isInside, isSecretName, PROTECTED_NAMES, resolveBoundary, sandboxEnv, SECRET_PATHS, type BoundaryPlaces, type SandboxBoundary } from "./boundary.ts";
export { explainRefusal, writableBy } from "./refusals.ts";
export { Sandbox, type SandboxSpawnOptions } from "./sandbox.ts";
export { DomainProxy, type ProxyRefusal } from "./proxy/domain-proxy.ts";
export { hostAllowed, parseDomainPattern, type DomainPattern } from "./proxy/domains.ts";
export { seccompProgram } from "./linux/seccomp-filter.ts";
export { seatbeltProfile } from "./macos/seatbelt.ts";
