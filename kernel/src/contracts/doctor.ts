/**
 * What `maia doctor` (and `/doctor`) asks of every plugin that reads files the user wrote: for each file or folder
 * it found, what it became and what it left out, with why. A plugin says it by giving its API a `doctor(place)`
 * method (any plugin, third-party ones included: the doctor knows none by name); the doctor plugin gathers the
 * entries of all of them, groups them by file, and adds what nobody accounted for (a settings key no plugin reads,
 * a Claude Code file MAIA does not read). Data only: the kernel reads no file.
 */
export interface DoctorPlace {
  /** The launch folder. */
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
}

/** One thing a file held that MAIA left out, and why. */
export interface DoctorIgnored {
  /** What it is, as written (`tools: WebSearch`, `deny Agent(model:opus)`, `key model`). */
  item: string;
  reason: string;
  line?: number;
}

/** What one plugin found in one file (or folder of definitions). */
export interface DoctorEntry {
  /** Absolute path of the file or folder. */
  path: string;
  /** Whose format it is written in: `maia`, `claude` (Claude Code), or another word a plugin uses (`claude-plugin`). */
  format: string;
  /** What kind of definitions: `agents`, `commands`, `skills`, `hooks`, `mcp`, `permissions`, `memory`, `env`… */
  kind: string;
  /** What it became in MAIA, one short item each (`agent reviewer`, `deny Read(**\/.env)`, `server github`). */
  became: string[];
  ignored: DoctorIgnored[];
  /** For a JSON settings file: the top-level keys this entry accounts for (the doctor names the others as not read). */
  keys?: string[];
}

/** A plugin API that reports to the doctor. */
export interface DoctorReporter {
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
}

/** Whether a plugin's API reports to the doctor. */
export function isDoctorReporter(api: unknown): api is DoctorReporter {
  return typeof api === "object" && api !== null && typeof (api as Partial<DoctorReporter>).doctor === "function";
}
