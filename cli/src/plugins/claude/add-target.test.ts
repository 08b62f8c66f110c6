import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { maiaStore, setKnownMarketplace } from "@maia/claude-plugins";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { addTarget } from "./add-target.ts";

describe("what `maia plugins add ARG` means", () => {
  it("a plugin folder, a marketplace folder, a git URL, name@marketplace (added), or else npm as before", async () => {
    const home = await tempFolder("maia-home-");
    const cwd = await tempFolder("maia-proj-");
    await mkdir(path.join(cwd, "fmt", ".claude-plugin"), { recursive: true });
    await writeFile(path.join(cwd, "fmt", ".claude-plugin", "plugin.json"), '{"name": "fmt"}');
    await mkdir(path.join(cwd, "mkt", ".claude-plugin"), { recursive: true });
    await writeFile(path.join(cwd, "mkt", ".claude-plugin", "marketplace.json"), '{"name": "m", "plugins": []}');
    await mkdir(path.join(cwd, "npm-package"), { recursive: true });
    await setKnownMarketplace(maiaStore(home), "team-tools", { source: { source: "directory", path: "/srv/mkt" }, installLocation: "/srv/mkt" });

    const target = (spec: string) => addTarget(spec, cwd, home);
    expect(await target("./fmt")).toEqual({ kind: "folder", path: path.join(cwd, "fmt") });
    expect(await target("./mkt")).toEqual({ kind: "marketplace-folder", path: path.join(cwd, "mkt") });
    expect(await target("./npm-package")).toEqual({ kind: "npm" });
    expect(await target("./hello-1.0.0.tgz")).toEqual({ kind: "npm" });
    expect(await target("https://git.example.com/fmt.git#v2")).toEqual({ kind: "git", url: "https://git.example.com/fmt.git", ref: "v2" });
    expect(await target("git@github.com:acme/fmt.git")).toEqual({ kind: "git", url: "git@github.com:acme/fmt.git" });
    expect(await target("fmt@team-tools")).toEqual({ kind: "marketplace", id: { name: "fmt", marketplace: "team-tools" } });
    expect(await target("fmt@inline")).toEqual({ kind: "inline", id: { name: "fmt", marketplace: "inline" } });
    // A marketplace not added: the npm meaning (a package and a dist-tag) stays; npm's failure then adds a hint.
    expect(await target("maia-plugin-jira@next")).toEqual({ kind: "npm" });
    expect(await target("@scope/name@1.2.3")).toEqual({ kind: "npm" });
  });
});
