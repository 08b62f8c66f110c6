import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePluginSpec } from "./plugins-add.ts";

const cwd = "/work/project";
const home = "/home/ada";

describe("parsePluginSpec", () => {
  it("reads registry names, with or without a version, scoped or not", () => {
    expect(parsePluginSpec("maia-plugin-jira", cwd, home)).toEqual({ kind: "registry", name: "maia-plugin-jira", npmSpec: "maia-plugin-jira" });
    expect(parsePluginSpec("maia-plugin-jira@^2.1.0", cwd, home)).toEqual({
      kind: "registry",
      name: "maia-plugin-jira",
      version: "^2.1.0",
      npmSpec: "maia-plugin-jira@^2.1.0",
    });
    expect(parsePluginSpec("@acme/maia-tools@latest", cwd, home)).toMatchObject({ kind: "registry", name: "@acme/maia-tools", version: "latest" });
    expect(parsePluginSpec("@acme/maia-tools", cwd, home)).toMatchObject({ kind: "registry", name: "@acme/maia-tools" });
  });

  it("makes a relative file: version absolute from the launch folder", () => {
    expect(parsePluginSpec("hello@file:../dist/hello-1.0.0.tgz", cwd, home)).toMatchObject({
      kind: "registry",
      name: "hello",
      npmSpec: `hello@file:${path.resolve(cwd, "../dist/hello-1.0.0.tgz")}`,
    });
  });

  it("reads paths to a packed tarball or a package folder", () => {
    expect(parsePluginSpec("./hello-1.0.0.tgz", cwd, home)).toEqual({ kind: "path", path: "/work/project/hello-1.0.0.tgz", npmSpec: "/work/project/hello-1.0.0.tgz" });
    expect(parsePluginSpec("hello-1.0.0.tgz", cwd, home)).toMatchObject({ kind: "path", path: "/work/project/hello-1.0.0.tgz" });
    expect(parsePluginSpec("../plugins/mine", cwd, home)).toMatchObject({ kind: "path", path: "/work/plugins/mine" });
    expect(parsePluginSpec("~/src/mine", cwd, home)).toMatchObject({ kind: "path", path: "/home/ada/src/mine" });
    expect(parsePluginSpec("/opt/mine", cwd, home)).toMatchObject({ kind: "path", path: "/opt/mine" });
  });

  it("refuses what npm would refuse as a name", () => {
    for (const spec of ["Bad Name", "UPPER", "", "name@", "@scope", "@/x", "a b@1", "name@1 2", "_leading"]) {
      expect(parsePluginSpec(spec, cwd, home)).toEqual({ kind: "invalid" });
    }
  });

  it("gives back any valid name and version", () => {
    const name = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,30}$/).filter((text) => !/\.(tgz|tar\.gz)$/.test(text));
    const scope = fc.option(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,10}$/), { nil: undefined });
    const version = fc.option(fc.stringMatching(/^[0-9A-Za-z^~<>=.*|-]{1,12}$/), { nil: undefined });
    fc.assert(
      fc.property(scope, name, version, (scopeName, bare, range) => {
        const full = scopeName === undefined ? bare : `@${scopeName}/${bare}`;
        const spec = range === undefined ? full : `${full}@${range}`;
        const parsed = parsePluginSpec(spec, cwd, home);
        expect(parsed).toEqual(range === undefined ? { kind: "registry", name: full, npmSpec: full } : { kind: "registry", name: full, version: range, npmSpec: spec });
      }),
    );
  });

  it("never throws, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string(), (spec) => {
        expect(["registry", "path", "invalid"]).toContain(parsePluginSpec(spec, cwd, home).kind);
      }),
    );
  });
});
