import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FileMatch } from "../protocol.ts";
import { FileCompletion, rank } from "./file-completion.ts";

async function tree(): Promise<{ cwd: string; outside: string }> {
  const cwd = await tempFolder("maia-hub-complete-");
  const outside = await tempFolder("maia-hub-complete-outside-");
  await mkdir(path.join(cwd, "src", "chat"), { recursive: true });
  await mkdir(path.join(cwd, "node_modules", "pkg"), { recursive: true });
  await mkdir(path.join(cwd, ".git"));
  await writeFile(path.join(cwd, "README.md"), "");
  await writeFile(path.join(cwd, "src", "chat", "composer.tsx"), "");
  await writeFile(path.join(cwd, "src", "compose.ts"), "");
  await writeFile(path.join(cwd, "node_modules", "pkg", "composer.js"), "");
  await writeFile(path.join(outside, "secret.txt"), "");
  await symlink(path.join(outside, "secret.txt"), path.join(cwd, "escape.txt"));
  await symlink(outside, path.join(cwd, "elsewhere"));
  await symlink(path.join(cwd, "README.md"), path.join(cwd, "readme-link.md"));
  return { cwd, outside };
}

describe("FileService.Complete", () => {
  it("names files and folders of the agent's folder by relative path, best first, and nothing outside it", async () => {
    const { cwd } = await tree();
    const files = new FileCompletion();
    expect(await files.complete(cwd, "compo")).toEqual([
      { path: "src/compose.ts", kind: "file" },
      { path: "src/chat/composer.tsx", kind: "file" },
    ]);
    expect(await files.complete(cwd, "")).toEqual([
      { path: "README.md", kind: "file" },
      { path: "readme-link.md", kind: "file" },
      { path: "src", kind: "folder" },
      { path: "src/chat", kind: "folder" },
      { path: "src/compose.ts", kind: "file" },
      { path: "src/chat/composer.tsx", kind: "file" },
    ]);
    // Links out of the folder, .git and node_modules are never named.
    const everything = await files.complete(cwd, "");
    expect(everything.some((match) => /escape|elsewhere|secret|node_modules|\.git/.test(match.path))).toBe(false);
    expect(await files.complete(cwd, "sct")).toEqual([{ path: "src/chat", kind: "folder" }, { path: "src/compose.ts", kind: "file" }, { path: "src/chat/composer.tsx", kind: "file" }]);
  });

  it("ranks: whole path, name prefix, path prefix, contained, in order; never more than 50", () => {
    const entries: FileMatch[] = ["a/xy.ts", "xy", "b/axy.ts", "xy/z.ts", "x/y"].map((file) => ({ path: file, kind: "file" }));
    expect(rank(entries, "xy").map((match) => match.path)).toEqual(["xy", "a/xy.ts", "xy/z.ts", "b/axy.ts", "x/y"]);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { maxLength: 120 }), fc.string({ maxLength: 3 }), (paths, query) => {
        const ranked = rank(paths.map((file) => ({ path: file, kind: "file" as const })), query);
        // A leading `./` is the workspace folder itself: `./src` looks for `src` (CI's seed drew the query "./").
        const lower = query.toLowerCase().replace(/^\.\//, "");
        return ranked.length <= 50 && ranked.every((match) => [...lower].every((character) => match.path.toLowerCase().includes(character)));
      }),
    );
  });
});
