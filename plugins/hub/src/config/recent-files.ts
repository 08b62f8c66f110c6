import { writeFileAtomic } from "@maia/util";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { t } from "./messages.ts";

export const RECENT_FILE_NAME = "hub-recent.json";
export const MAX_RECENT = 8;

/**
 * The configuration files opened from the hub, newest first, in `~/.maia/hub-recent.json` as
 * `{"files": ["/abs/path", …]}` (an object, so that more can be kept later without breaking older hubs).
 * Read from disk at each use, as another hub may have opened a file meanwhile. A broken list is worth a
 * warning, never a failure: it is a convenience, and the next `record` writes a sound one.
 */
export class RecentFiles {
  readonly file: string;
  private readonly warn: (message: string) => void;

  constructor(maiaDir: string, warn: (message: string) => void) {
    this.file = path.join(maiaDir, RECENT_FILE_NAME);
    this.warn = warn;
  }

  /** Every entry as stored, newest first (at most 8), whether or not the files still exist. */
  stored(): string[] {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch {
      return []; // no list yet
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      const files = typeof parsed === "object" && parsed !== null && "files" in parsed ? parsed.files : undefined;
      if (!Array.isArray(files) || !files.every((entry) => typeof entry === "string")) throw new Error(t("recentNotList"));
      return unique(files.filter((file) => path.isAbsolute(file))).slice(0, MAX_RECENT);
    } catch (error) {
      this.warn(t("recentBroken", { file: this.file, cause: error instanceof Error ? error.message : String(error) }));
      return [];
    }
  }

  /** The entries whose file still exists: what the page offers, and where a start without --config looks. */
  existing(): string[] {
    return this.stored().filter((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
  }

  /** Puts `file` first (once), keeps 8, and saves atomically; a failure to save is a warning. */
  async record(file: string): Promise<void> {
    const absolute = path.resolve(file);
    const files = unique([absolute, ...this.stored()]).slice(0, MAX_RECENT);
    try {
      await writeFileAtomic(this.file, `${JSON.stringify({ files }, null, 2)}\n`);
    } catch (error) {
      this.warn(t("recentUnwritable", { file: this.file, cause: error instanceof Error ? error.message : String(error) }));
    }
  }
}

function unique(files: string[]): string[] {
  return [...new Set(files.map((file) => path.resolve(file)))];
}
