import path from "node:path";
import type { Kernel } from "@maia/kernel";

/** A kernel rooted at one launch folder, with what sessions there are built from. */
export interface KernelEntry {
  kernel: Kernel;
  /** The launch folder (seed § 5.2): MAIA.md, skills, custom tools and permissions are read from here. */
  cwd: string;
  homeDir: string;
  /** The model configured for this folder (`--model`, MAIA_MODEL, .maia/config.json…), if any. */
  model: string | undefined;
}

export type KernelFactory = (cwd: string) => Promise<KernelEntry>;

/**
 * One kernel per distinct launch folder, built on first use and shared by every ACP session in that folder:
 * plugins read their folder once (permissions, custom tools…) and their state stays consistent across the
 * sessions. A folder whose kernel failed to build is tried again next time (the user may have fixed it).
 */
export class KernelPool {
  readonly #factory: KernelFactory;
  readonly #onCreated: (entry: KernelEntry) => void;
  readonly #entries = new Map<string, Promise<KernelEntry>>();

  constructor(factory: KernelFactory, onCreated: (entry: KernelEntry) => void = () => undefined) {
    this.#factory = factory;
    this.#onCreated = onCreated;
  }

  get(cwd: string): Promise<KernelEntry> {
    const key = path.resolve(cwd);
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = this.#factory(key).then((created) => {
        this.#onCreated(created);
        return created;
      });
      this.#entries.set(key, entry);
      entry.catch(() => this.#entries.delete(key));
    }
    return entry;
  }

  /** The kernels built so far (for the shutdown). */
  async built(): Promise<KernelEntry[]> {
    const settled = await Promise.allSettled(this.#entries.values());
    return settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  }
}
