/**
 * @maia/util — helpers shared by the kernel's plugins and the CLI, kept out of the kernel so that it stays
 * contracts, hooks, host, loop and runner (STYLE.md). The YAML front-matter reader is its own entry,
 * `@maia/util/front-matter`, so that the `yaml` library is bundled with the plugins that read front matter (loaded
 * lazily) and not with what every start-up needs.
 */
export {
  createFileExclusive,
  linkExclusiveSync,
  syncFolder,
  temporaryPath,
  TEMP_MARKER,
  writeFileAtomic,
  writeNewFileSync,
  type AtomicWriteOptions,
  type ClaimGuard,
  type FileData,
} from "./atomic-write.ts";
export { cutMiddle } from "./cut-middle.ts";
// A warning said once per distinct message (a broken settings file read again at every reload): plugins' logs.
export { createWarnOnce } from "./warn-once.ts";
export { processAlive } from "./process-alive.ts";
// What each MAIA process runs in the background, so that a start after a crash stops it.
export { BackgroundLedger, ledgerFolder, processStartTime, reapOrphans, type LedgerEntry } from "./background-ledger.ts";
export {
  jsonPointer,
  lineAndColumn,
  locateJsonError,
  readJsonWithPositions,
  type JsonErrorLocation,
  type JsonErrorReason,
  type JsonPath,
  type JsonPositions,
  type JsonRead,
  type JsonReadOptions,
} from "./json-position.ts";
export { describeJsonError } from "./json-error-messages.ts";
export { definitionFolders, readDefinitionFile, type DefinitionFile, type DefinitionFileWords } from "./definition-folders.ts";
export { markdownFiles, type MarkdownFilesLimits } from "./markdown-files.ts";
export { queueOnFile } from "./file-queue.ts";
export { escapeControlChars, withoutControlChars, type EscapedText } from "./control-chars.ts";
export { MAX_JSON_DEPTH, shownPointer, tooDeepAt } from "./json-depth.ts";
// What Read, Edit, Grep and the `@` references plugin must agree on: what a file is and how its text decodes.
export { classifyBytes, looksBinary, SNIFF_BYTES, type FileKind } from "./file-kind.ts";
export { bomLength, createDecoder, decodeText, detectEncoding, dominantEol, encodeText, type DecodedText, type TextEncoding } from "./text-codec.ts";
export { formatSizeWith, type NumberFormatter } from "./format-size.ts";
// The input keys that name a path, and where a path a model gives points: tools, permissions and memory agree.
export { PATH_INPUT_KEYS, pathInputOf, resolveToolPath } from "./tool-paths.ts";
// The shell runner of Bash and of `!` commands: one process model, one output cap.
export {
  awaitShell,
  launchShell,
  runShell,
  RunningShell,
  systemShell,
  type CommandSpawner,
  type DetachedShell,
  type ShellExit,
  type ShellOptions,
  type ShellResult,
  type ShellStatus,
} from "./run-shell.ts";
export { OutputCap } from "./output-cap.ts";
// The strings of every package (also re-exported by @maia/kernel for plugins) and "did you mean" hints.
export * from "./i18n/index.ts";
export { closest, editDistance } from "./closest.ts";
// settings.json, read from disk once per process by the plugins that each need a part of it.
export { readSettingsText } from "./settings-text.ts";
// Built-ins required on first use rather than at every start.
export { lazyBuiltin } from "./lazy-builtin.ts";
// Hashes and random ids without loading node:crypto at every start.
export { JS_HASH_BUDGET, sha256Hex } from "./sha256.ts";
export { randomBytes, randomHex, randomUUID } from "./random.ts";
// The folders and files looked for at start, most of them missing, probed without an exception each.
export { canonicalPath, isMissing } from "./missing-path.ts";
// Opening a URL in the user's browser: the hub's page, an MCP server's OAuth login.
export { findOnPath, openBrowser } from "./open-browser.ts";
// Approvals by content hash of project files that would run programs (mcp.json, hooks).
export { isApprovedIn, rememberApprovalIn, type ApprovalLookup } from "./approval-store.ts";
// What a plugin contributes to other plugins' loaders (Claude Code plugins' commands, agents, skills, hooks, servers).
export {
  CONTRIBUTED_SOURCES_PLUGIN,
  contributedSources,
  expandVariables,
  type ContributedFolder,
  type ContributedFolderKind,
  type ContributedHooks,
  type ContributedMcpServer,
  type ContributedOrigin,
  type ContributedSources,
  type ContributedSourcesApi,
} from "./contributed-sources.ts";
