import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { githubUrl, isGitUrl, marketplaceArgument, parseMarketplaceArgument, readMarketplaceSource, readPluginSource } from "./sources.ts";

const CWD = "/work/project";
const HOME = "/home/ada";
const parse = (text: string) => parseMarketplaceArgument(text, CWD, HOME);
const anyText = fc.string({ unit: fc.constantFrom("a", "Z", "0", "-", "_", ".", "@", "/", "#", ":", " ", "~", "é"), maxLength: 24 });

describe("maia plugins marketplace add ARG", () => {
  it("examples: folders, files, GitHub, git URLs with a ref, marketplace.json over HTTP", () => {
    expect(parse("./team-tools")).toEqual({ source: "directory", path: "/work/project/team-tools" });
    expect(parse("~/mkt/.claude-plugin/marketplace.json")).toEqual({ source: "file", path: "/home/ada/mkt/.claude-plugin/marketplace.json" });
    expect(parse("/srv/mkt")).toEqual({ source: "directory", path: "/srv/mkt" });
    expect(parse("acme/claude-plugins")).toEqual({ source: "github", repo: "acme/claude-plugins" });
    expect(parse("acme/claude-plugins#v2")).toEqual({ source: "github", repo: "acme/claude-plugins", ref: "v2" });
    expect(parse("https://gitlab.com/team/plugins.git#release/1")).toEqual({ source: "git", url: "https://gitlab.com/team/plugins.git", ref: "release/1" });
    expect(parse("git@github.com:acme/tools.git")).toEqual({ source: "git", url: "git@github.com:acme/tools.git" });
    expect(parse("file:///srv/repos/tools.git")).toEqual({ source: "git", url: "file:///srv/repos/tools.git" });
    expect(parse("https://example.com/plugins/marketplace.json")).toEqual({ source: "url", url: "https://example.com/plugins/marketplace.json" });
    for (const bad of ["", "just words", "acme/tools#-x", "acme/tools#a..b", "-oProxy=x@host:path"]) expect(parse(bad), bad).toBeUndefined();
    // npm's own specs are not git URLs, though they look like scp's user@host:path.
    for (const spec of ["hello@file:/tmp/hello.tgz", "hello@github:acme/hello", "hello@npm:other@1"]) expect(isGitUrl(spec), spec).toBe(false);
    expect(isGitUrl("git@git-server:team/tools.git")).toBe(true);
  });

  it("never throws; a ref never starts with '-', a repository never has a '..' part (property)", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const source = parse(text);
        if (source && "ref" in source && source.ref !== undefined) expect(source.ref.startsWith("-")).toBe(false);
        if (source?.source === "github") expect(source.repo.split("/")).not.toContain("..");
        if (source?.source === "git") expect(source.url.startsWith("-")).toBe(false);
        // What `maia plugins marketplace add` is told to type reads back as the same source.
        if (source && source.source !== "directory" && source.source !== "file") expect(parse(marketplaceArgument(source))).toEqual(source);
      }),
    );
  });

  it("known_marketplaces.json sources read back; other kinds are skipped", () => {
    expect(readMarketplaceSource({ source: "github", repo: "acme/tools", ref: "main" })).toEqual({ source: "github", repo: "acme/tools", ref: "main" });
    expect(readMarketplaceSource({ source: "directory", path: "/srv/mkt" })).toEqual({ source: "directory", path: "/srv/mkt" });
    expect(readMarketplaceSource({ source: "directory", path: "relative" })).toBeUndefined();
    expect(readMarketplaceSource({ source: "npm", package: "x" })).toBeUndefined();
    expect(readMarketplaceSource("acme/tools")).toBeUndefined();
  });
});

describe("a marketplace entry's source", () => {
  it("examples of each kind Claude Code documents", () => {
    expect(readPluginSource("./plugins/formatter", undefined)).toEqual({ kind: "relative", path: "./plugins/formatter" });
    expect(readPluginSource("formatter", "./plugins")).toEqual({ kind: "relative", path: "./plugins/formatter" });
    expect(readPluginSource("formatter", undefined)).toBeUndefined();
    expect(readPluginSource({ source: "github", repo: "acme/formatter", ref: "v1" }, undefined)).toEqual({
      kind: "git",
      url: githubUrl("acme/formatter"),
      ref: "v1",
      shown: "github:acme/formatter",
    });
    expect(readPluginSource({ source: "url", url: "https://gitlab.com/t/p.git", sha: "a1b2c3d" }, undefined)).toEqual({
      kind: "git",
      url: "https://gitlab.com/t/p.git",
      sha: "a1b2c3d",
      shown: "https://gitlab.com/t/p.git",
    });
    expect(readPluginSource({ source: "git-subdir", url: "acme/mono", path: "tools/fmt" }, undefined)).toMatchObject({ kind: "git", url: githubUrl("acme/mono"), path: "tools/fmt" });
    expect(readPluginSource({ source: "npm", package: "@acme/fmt" }, undefined)).toEqual({ kind: "unsupported", source: "npm" });
    expect(readPluginSource({ source: "github", repo: "acme/fmt", ref: "--upload-pack=x" }, undefined)).toBeUndefined();
    expect(readPluginSource({ source: "url", url: "not a url" }, undefined)).toBeUndefined();
  });

  it("never throws on any JSON; git URLs and refs never read as options (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), anyText, (value, text) => {
        for (const candidate of [value, text, { source: "github", repo: text, ref: text }, { source: "url", url: text, sha: text }, { source: "git-subdir", url: text, path: text }]) {
          const source = readPluginSource(candidate, undefined);
          if (source?.kind === "git") {
            expect(source.url.startsWith("-")).toBe(false);
            expect(source.ref?.startsWith("-") ?? false).toBe(false);
          }
        }
      }),
    );
  });
});
