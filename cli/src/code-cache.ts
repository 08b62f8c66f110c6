import { isAscii } from "node:buffer";
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { createRequire, getCompileCacheDir } from "node:module";
import { basename, dirname, join } from "node:path";
import type * as VmModule from "node:vm";

export interface CodeCacheOptions {
  /**
   * Asked at exit, when no cache was read: write one only if this says the run was a full one. A cache holds
   * what its run compiled and is kept until the bundle changes, so one written by a run that stopped early (a
   * missing settings file, a usage error) would leave every later run compiling the rest again. Default: always.
   */
  keepCacheIf?: () => boolean;
}

/**
 * Requires a CommonJS bundle with a V8 code cache taken once it has run (issue 22). Node's own compile cache
 * (module.enableCompileCache) serialises a file's code right after compiling it, so it holds only what V8
 * compiles eagerly, the top level: every function called later is compiled again at every start, which is most
 * of what `maia -p` spends in V8. Here the cache is written when the process exits, with every function the run
 * compiled, and read back by the next start (the technique of the v8-compile-cache package).
 *
 * The cache file sits in Node's compile cache folder (per Node version, V8 flags and user; none when the user
 * disabled that cache, and the bundle is then compiled as usual), named after the bundle, its size and its
 * modification time, so that a rebuilt bundle never meets an old cache. V8 checks the rest (its version, flags
 * and the source's length) and rejects a cache that does not fit: it is then written again. The write is a
 * rename, so that parallel processes (sub-agents) never read half a file.
 *
 * A code cache is code: V8 runs what it holds. So it is read only from a folder that belongs to this user and
 * that nobody else may write to (Node's default folder is under the shared temporary folder), and only from a
 * file of this user's.
 */
export function requireWithCodeCache<T>(file: string, options: CodeCacheOptions = {}): T {
  const load = createRequire(file);
  const folder = getCompileCacheDir?.();
  if (folder === undefined || !isPrivate(statOrUndefined(folder))) return load(file) as T;
  const { size, mtimeMs } = statSync(file);
  // node:vm is required here rather than imported: `maia --version`, which this file's command also answers,
  // never loads it.
  const vm = load("node:vm") as typeof VmModule;
  const cacheFile = join(folder, `${cachePrefix(file)}${size}-${Math.trunc(mtimeMs)}.v8cache`);
  const cachedData = readPrivateFile(cacheFile);
  // The wrapper Node gives a CommonJS module, on the first line so that line numbers stay the file's.
  const source = `(function (exports, require, module, __filename, __dirname) { ${readSource(file)}\n})`;
  const script = new vm.Script(source, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    process.once("exit", () => {
      if (options.keepCacheIf?.() ?? true) saveCache(cacheFile, script);
    });
  }
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;
  wrapper(module.exports, load, module, file, dirname(file));
  return module.exports as T;
}

/**
 * `maia-<bundle>-<where>-`: the cache files of one installed bundle share it, so that replacing the caches of its
 * earlier builds never removes another installation's (a global `maia` beside a project's). `where` is a
 * 32-bit FNV-1a hash of the bundle's folder: a name, not a secret (node:crypto would cost more than the cache saves).
 */
function cachePrefix(file: string): string {
  let hash = 0x811c9dc5;
  for (const char of dirname(file)) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return `maia-${basename(file, ".cjs")}-${hash.toString(16).padStart(8, "0")}-`;
}

/**
 * The bundle's text. The build makes it pure ASCII (no comments, esbuild's escapes): read as Latin-1 it is then
 * the same string, copied instead of decoded, far cheaper for a file of megabytes.
 */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** This user's, and writable by nobody else. (Where there are no user ids, as on Windows, there is no check.) */
function isPrivate(stats: Stats | undefined): boolean {
  if (stats === undefined) return false;
  const uid = process.getuid?.();
  return uid === undefined || (stats.uid === uid && (stats.mode & 0o022) === 0);
}

/** The file's bytes if it is this user's and private, else undefined (missing, unreadable, someone else's). */
function readPrivateFile(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    return isPrivate(fstatSync(fd)) ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Best effort: a cache that cannot be written only means the next start compiles as this one did. The caches of
 * earlier builds of the same bundle (another size or time in the name) are removed: an upgrade does not pile up
 * megabytes in the folder.
 */
function saveCache(cacheFile: string, script: VmModule.Script): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, cacheFile);
  } catch {
    // The folder is read-only or full: nothing more to do.
    rmSync(temporary, { force: true });
    return;
  }
  const folder = dirname(cacheFile);
  const prefix = basename(cacheFile).replace(/\d+-\d+\.v8cache$/, "");
  try {
    for (const name of readdirSync(folder)) {
      if (name.startsWith(prefix) && name.endsWith(".v8cache") && name !== basename(cacheFile)) rmSync(join(folder, name), { force: true });
    }
  } catch {
    // Another process removed them first, or the folder cannot be listed: they stay.
  }
}
