/**
 * The generated part of the escape corpus (issue 35): every wall combined with every way a shell command can
 * reach it. A wall is a place a sandboxed command must not write (or a secret it must not read); a way is a
 * shell snippet that tries, given the target. All the attempts of one corpus run in one sandboxed command, each
 * guarded so that the next still runs; the test then checks on the disk (outside the sandbox) that no target
 * was written, and in the output that no secret was read.
 */
export interface WriteWall {
  name: string;
  /** An absolute path the command must not create or change. */
  target: string;
}

export interface ReadWall {
  name: string;
  /** An absolute path whose content must not reach the output. */
  target: string;
}

const q = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** Ways to write `target` (each writes a line naming the way, so a success says which). */
export const WRITE_WAYS: Record<string, (target: string, scratch: string) => string> = {
  redirect: (target) => `echo redirect > ${q(target)}`,
  append: (target) => `echo append >> ${q(target)}`,
  cp: (target, scratch) => `echo cp > ${q(`${scratch}/src`)}; cp ${q(`${scratch}/src`)} ${q(target)}`,
  symlink: (target, scratch) => `ln -sf ${q(target)} ${q(`${scratch}/link`)}; echo symlink > ${q(`${scratch}/link`)}`,
  tee: (target) => `echo tee | tee ${q(target)}`,
  dd: (target) => `echo dd | dd of=${q(target)} status=none`,
  subshell: (target) => `( cd / && echo subshell > ${q(target)} )`,
  envI: (target) => `env -i /bin/sh -c ${q(`echo env > ${q(target)}`)}`,
  procRoot: (target) => `echo procroot > ${q(`/proc/self/root${target}`)}`,
  mkdirP: (target) => `mkdir -p ${q(target)}`,
  mvParent: (target, scratch) => {
    // Move the target's folder out of the way, make a new one in its place, write there.
    const parent = target.slice(0, target.lastIndexOf("/"));
    return `mv ${q(parent)} ${q(`${scratch}/moved`)} && mkdir -p ${q(parent)} && echo mv > ${q(target)}`;
  },
};

/** Ways to read `target` (each prints what it read). */
export const READ_WAYS: Record<string, (target: string, scratch: string) => string> = {
  cat: (target) => `cat ${q(target)}`,
  cp: (target, scratch) => `cp ${q(target)} ${q(`${scratch}/copy`)}; cat ${q(`${scratch}/copy`)}`,
  symlink: (target, scratch) => `ln -sf ${q(target)} ${q(`${scratch}/rlink`)}; cat ${q(`${scratch}/rlink`)}`,
  tee: (target) => `tee < ${q(target)}`,
  dd: (target) => `dd if=${q(target)} status=none`,
  subshell: (target) => `( cd / && cat ${q(target)} )`,
  envI: (target) => `env -i /bin/sh -c ${q(`cat ${q(target)}`)}`,
  procRoot: (target) => `cat ${q(`/proc/self/root${target}`)}`,
  grep: (target) => `grep -r . ${q(target)}`,
};

/**
 * Ways through an interpreter: one process tries every target (an interpreter starts in hundreds of
 * milliseconds on a loaded machine; one per attempt made the corpus take most of a minute).
 */
export const INTERPRETER_WAYS = {
  python: (writes: readonly string[], reads: readonly string[]) =>
    `python3 -c ${q(`import json\nfor t in json.loads(${JSON.stringify(JSON.stringify(writes))}):\n  try: open(t, "w").write("python")\n  except Exception as e: pass\nfor t in json.loads(${JSON.stringify(JSON.stringify(reads))}):\n  try: print(open(t).read())\n  except Exception as e: pass`)}`,
  node: (writes: readonly string[], reads: readonly string[]) =>
    `node -e ${q(`const fs=require("fs");for(const t of ${JSON.stringify(writes)}){try{fs.writeFileSync(t,"node")}catch{}}for(const t of ${JSON.stringify(reads)}){try{process.stdout.write(fs.readFileSync(t,"utf8"))}catch{}}`)}`,
};

/** One script that tries every way on every wall; `scratch` is a writable folder for the ways' helpers. */
export function escapeScript(writeWalls: readonly WriteWall[], readWalls: readonly ReadWall[], scratchRoot: string): string {
  const lines: string[] = [];
  let index = 0;
  for (const wall of writeWalls) {
    for (const [way, attempt] of Object.entries(WRITE_WAYS)) {
      const scratch = `${scratchRoot}/w${index++}`;
      lines.push(`mkdir -p ${q(scratch)}; { ${attempt(wall.target, scratch)}; } >/dev/null 2>&1 || true # ${wall.name} × ${way}`);
    }
  }
  for (const wall of readWalls) {
    for (const [way, attempt] of Object.entries(READ_WAYS)) {
      const scratch = `${scratchRoot}/r${index++}`;
      lines.push(`mkdir -p ${q(scratch)}; { ${attempt(wall.target, scratch)}; } 2>&1 || true # ${wall.name} × ${way}`);
    }
  }
  const writes = writeWalls.map((wall) => wall.target);
  const reads = readWalls.map((wall) => wall.target);
  for (const [way, attempt] of Object.entries(INTERPRETER_WAYS)) lines.push(`{ ${attempt(writes, reads)}; } 2>&1 || true # every wall × ${way}`);
  lines.push("echo corpus-done");
  return lines.join("\n");
}
