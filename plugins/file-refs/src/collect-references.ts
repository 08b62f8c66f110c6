import type { ImageBlock } from "@maia/kernel";
import { readImageFile } from "@maia/images";
import { cutMiddle } from "@maia/util";
import { frameFile, frameFolder } from "./frame-reference.ts";
import { displayPath, FILE_REF_LIMITS, loadReference, resolveReferencePath, type FileRefLimits, type LoadedReference } from "./load-reference.ts";
import { formatSize, t } from "./messages.ts";
import { looksLikePath, parseFileReferences, type FileReference } from "./parse-file-refs.ts";

export interface InjectedFile {
  absolute: string;
  stamp: { size: number; mtimeMs: number };
  bytes: Uint8Array;
}

export interface Injection {
  /** One framed block per file or folder, in the order of the input: what joins the pending context. */
  blocks: string[];
  /** Files whose content was injected, to be recorded as seen by the model (Edit and Write check it). */
  files: InjectedFile[];
  /** The images referenced (`@shot.png`), sent after the request's text (issue 38). */
  images: ImageBlock[];
  /** How each injected reference is shown (relative to the launch folder, folders ending with `/`). */
  added: string[];
  /** Precise warnings for the user: what was not added or was cut, and why. */
  warnings: string[];
}

export interface CollectOptions {
  cwd: string;
  homeDir: string;
  signal?: AbortSignal;
  limits?: FileRefLimits;
}

/**
 * Everything the `@` references of an input add to the request (seed § 11.4): each file or folder once, files
 * cut in the middle to 50,000 characters, all of them together within 150,000 (contents and listings count,
 * the short headers do not), binaries and files over 2 MB left out with a warning. A reference that names
 * nothing stays text, with a warning only when it looks like a path.
 */
export async function collectReferences(text: string, options: CollectOptions): Promise<Injection> {
  const limits = options.limits ?? FILE_REF_LIMITS;
  const parsed = parseFileReferences(text);
  const injection: Injection = { blocks: [], files: [], images: [], added: [], warnings: [] };
  for (const problem of parsed.unclosed) injection.warnings.push(t("unclosedQuote", { line: problem.line, column: problem.column }));

  const done = new Set<string>();
  const leftOver: string[] = [];
  let budget = limits.maxInputChars;
  for (const reference of parsed.references) {
    if (options.signal?.aborted) break;
    const found = await find(reference, options, limits, done);
    if (found === "duplicate") continue;
    if (!found) {
      if (looksLikePath(reference)) {
        const given = reference.alternatives.at(-1) ?? reference.path;
        injection.warnings.push(t("notFound", { reference: reference.path, path: resolveReferencePath(given, options.cwd, options.homeDir) }));
      }
      continue;
    }
    const { absolute, loaded } = found;
    done.add(absolute);
    const shown = displayPath(absolute, options.cwd, loaded.kind === "folder");
    if (loaded.kind === "image") {
      // Images do not count against the text budget: a vision model counts them by their tiles (context plugin).
      const prepared = await readImageFile(absolute, shown);
      if (prepared.ok) {
        injection.images.push(prepared.image);
        injection.added.push(shown);
      } else injection.warnings.push(t("imageNotAdded", { problem: prepared.message }));
      continue;
    }
    const content = contentOf(loaded, shown, injection.warnings, limits);
    if (content === undefined) continue;
    if (budget <= 0) {
      leftOver.push(shown);
      continue;
    }

    const limit = Math.min(limits.maxFileChars, budget);
    const kept = cutMiddle(content, limit, (count) => t("contentCut", { count }));
    if (kept.length < content.length) {
      injection.warnings.push(
        limit === limits.maxFileChars
          ? t("fileCut", { path: shown, total: content.length, kept: kept.length, limit: limits.maxFileChars })
          : t("inputCut", { path: shown, kept: kept.length, limit: limits.maxInputChars }),
      );
    }
    budget -= kept.length;
    if (loaded.kind === "folder") {
      injection.blocks.push(frameFolder(shown, loaded.entries, loaded.total, kept));
    } else if (loaded.kind === "file") {
      injection.blocks.push(frameFile(shown, loaded.size, kept));
      injection.files.push({ absolute, stamp: loaded.stamp, bytes: loaded.bytes });
    }
    injection.added.push(shown);
  }
  if (leftOver.length > 0) injection.warnings.push(t("inputFull", { limit: limits.maxInputChars, list: leftOver.join(", ") }));
  return injection;
}

/** The first alternative of the reference that names something, or "duplicate" when it was injected already. */
async function find(
  reference: FileReference,
  options: CollectOptions,
  limits: FileRefLimits,
  done: ReadonlySet<string>,
): Promise<{ absolute: string; loaded: LoadedReference } | "duplicate" | undefined> {
  for (const alternative of reference.alternatives) {
    const absolute = resolveReferencePath(alternative, options.cwd, options.homeDir);
    if (done.has(absolute)) return "duplicate";
    const loaded = await loadReference(absolute, limits);
    if (loaded.kind !== "missing") return { absolute, loaded };
  }
  return undefined;
}

/** The text to inject for what was loaded, or undefined (with a warning) when nothing is. */
function contentOf(loaded: LoadedReference, shown: string, warnings: string[], limits: FileRefLimits): string | undefined {
  switch (loaded.kind) {
    case "file":
      return loaded.text;
    case "folder":
      return loaded.entries.join("\n");
    case "failed":
      warnings.push(t("readFailed", { path: shown, cause: loaded.cause }));
      return undefined;
    case "special":
      warnings.push(t("notRegular", { path: shown }));
      return undefined;
    case "too_large":
      warnings.push(t("tooLarge", { path: shown, size: formatSize(loaded.size), limit: formatSize(limits.maxFileBytes) }));
      return undefined;
    case "binary":
      warnings.push(t("binary", { path: shown, what: loaded.what }));
      return undefined;
    case "missing":
    case "image":
      return undefined;
  }
}
