import { lstatSync, realpathSync, type Stats } from "node:fs";
import path from "node:path";
import { isInside, type SandboxBoundary } from "../boundary.ts";

/** What the disk says about a path when the sandbox is built: its real path and kind, or nothing (missing). */
export interface DiskView {
  real(target: string): { path: string; kind: "dir" | "file" } | undefined;
}

export const hostDisk: DiskView = {
  real(target) {
    try {
      const real = realpathSync(target);
      const stats: Stats = lstatSync(real);
      return { path: real, kind: stats.isDirectory() ? "dir" : "file" };
    } catch {
      return undefined;
    }
  },
};

export interface BwrapLayout {
  /** This run's own folder (the proxy's socket, placeholders, the seccomp program, every private temp folder). */
  runtimeRoot: string;
  /** The private temporary folder of this command's conversation ($TMPDIR), inside runtimeRoot. */
  privateTmp: string;
  /** An empty folder and an empty file inside runtimeRoot, mounted over what must look empty or absent. */
  emptyDir: string;
  emptyFile: string;
}

/**
 * The file system arguments of bubblewrap: the whole tree read-only, the writable folders bound read-write,
 * inside them the protected paths read-only again, the secrets hidden (an empty folder or file mounted over
 * them), a fresh /dev, /proc and /dev/shm, and this run's folder replaced by the command's own temp folder.
 * Order matters: a later mount covers an earlier one.
 */
export function filesystemArgs(boundary: SandboxBoundary, layout: BwrapLayout, disk: DiskView = hostDisk): string[] {
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/dev/shm"];
  const writable = boundary.writable.flatMap((folder) => {
    const real = disk.real(folder);
    return real?.kind === "dir" ? [real.path] : [];
  });
  for (const folder of writable) args.push("--bind", folder, folder);
  const launch = disk.real(boundary.launchFolder)?.path ?? boundary.launchFolder;
  // Every folder between a writable folder and a protected path becomes a mount point of its own, so that
  // renaming it (`mv .git x && mkdir .git`) fails (EBUSY) instead of moving the protection out of the way.
  const ancestors = new Set<string>();
  const protectedMounts: string[][] = [];
  for (const target of boundary.readOnly) {
    const real = disk.real(target);
    const parentReal = disk.real(path.dirname(target));
    const shown = real?.path ?? (parentReal ? path.join(parentReal.path, path.basename(target)) : target);
    const container = writable.find((folder) => isInside(shown, folder));
    if (container === undefined) continue;
    for (let parent = path.dirname(shown); parent !== container && isInside(parent, container) && parent !== path.dirname(parent); parent = path.dirname(parent)) {
      if (disk.real(parent)?.kind === "dir") ancestors.add(parent);
    }
    if (real) {
      protectedMounts.push(["--ro-bind", real.path, real.path]);
      continue;
    }
    // Missing: a read-only placeholder keeps it from being created (bubblewrap leaves an empty folder or file
    // where it mounted it). Only where the parent exists and the name is one MAIA reads as a folder; a missing
    // .mcp.json is left alone: an empty file would be read as a broken one, and its servers start only once the
    // user approves them anyway.
    if (parentReal?.kind !== "dir") continue;
    const name = path.relative(launch, shown);
    if (name === ".maia" || name === ".claude" || name === path.join(".git", "hooks")) protectedMounts.push(["--ro-bind", layout.emptyDir, shown]);
    else if (name === path.join(".git", "config")) protectedMounts.push(["--ro-bind", layout.emptyFile, shown]);
  }
  for (const folder of [...ancestors].sort((a, b) => a.length - b.length)) args.push("--bind", folder, folder);
  for (const mount of protectedMounts) args.push(...mount);
  // Secrets last, over everything (a secret inside the launch folder too).
  for (const secret of boundary.denyRead) {
    const real = disk.real(secret);
    if (!real) continue;
    if (real.kind === "dir") args.push("--tmpfs", real.path, "--remount-ro", real.path);
    else args.push("--ro-bind", layout.emptyFile, real.path);
  }
  // The other conversations' temp folders and the proxy's socket folder are out of sight; this one is writable.
  args.push("--tmpfs", layout.runtimeRoot, "--bind", layout.privateTmp, layout.privateTmp);
  return args;
}

/** The arguments every sandbox gets: its own namespaces, no capabilities, and it dies with MAIA. */
export function isolationArgs(options: { disableUserns: boolean; uid?: number; gid?: number }): string[] {
  const args = ["--unshare-all", "--unshare-user", "--die-with-parent", "--new-session", "--cap-drop", "ALL"];
  if (options.uid !== undefined) args.push("--uid", String(options.uid));
  if (options.gid !== undefined) args.push("--gid", String(options.gid));
  if (options.disableUserns) args.push("--disable-userns");
  return args;
}
