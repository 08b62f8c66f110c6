import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moduleReferences } from "./module-references.ts";

const names = (source: string, type: "module" | "script" = "module") => moduleReferences(source, type).map(({ kind, specifier }) => `${kind} ${specifier}`);

describe("moduleReferences", () => {
  it("lists static imports, re-exports and import()", () => {
    const source = `import a from "a"; import "b"; export * from "c"; export { d } from "./d.mjs"; export { e }; const e = 1; await import("f");`;
    expect(names(source)).toEqual(["import a", "import b", "import c", "import ./d.mjs", "import() f"]);
  });

  it("lists require, require.resolve and import.meta.resolve, esbuild's __require and (0, f)() calls", () => {
    const source = `const r = require; require("a"); require.resolve("b"); import.meta.resolve("c"); __require("d"); (0, require)("e");`;
    expect(names(source)).toEqual(["require a", "resolve b", "resolve c", "require d", "require e"]);
  });

  it("follows functions made by createRequire, called at once or through a name, resolve included", () => {
    const source = `
      import { createRequire } from "node:module";
      (0, import_node_module.createRequire)(importMetaUrl)("a");
      createRequire(import.meta.url).resolve("b");
      function later() { return here("c") + here.resolve("d"); }
      const here = createRequire(import.meta.url);`;
    expect(names(source)).toEqual(["import node:module", "require a", "resolve b", "require c", "resolve d"]);
  });

  it("leaves out code inside strings, other functions' calls, and names computed at run time", () => {
    const source = `
      const code = 'require("ajv/dist/runtime/equal").default';
      const template = \`require("x").\${name}\`;
      Promise.resolve("a"); path.resolve("b"); load("c"); require(name); import(\`./\${file}\`);`;
    expect(names(source, "script")).toEqual([]);
  });

  it("reads CommonJS with a return at the top level and a shebang", () => {
    expect(names(`#!/usr/bin/env node\nif (x) return;\nrequire("a");`, "script")).toEqual(["require a"]);
  });

  it("finds a required name whatever string it is, and nothing inside a string", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const literal = JSON.stringify(name);
        expect(names(`require(${literal}); const s = ${JSON.stringify(`require(${literal})`)};`, "script")).toEqual([`require ${name}`]);
      }),
    );
  });

  it("throws on a file that does not parse", () => {
    expect(() => moduleReferences("import {", "module")).toThrow();
  });
});
