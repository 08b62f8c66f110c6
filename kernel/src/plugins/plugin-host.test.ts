import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@maia/util/maia-error";
import { candidateFor, createTestKernel } from "@maia/testing-kernel";
import { definePlugin, type MaiaPlugin } from "./define-plugin.ts";

function plugin(name: string, extra: Partial<MaiaPlugin<never, unknown>> = {}): MaiaPlugin<never, unknown> {
  return { name, version: "1.0.0", kernel: "^1.0.0", apply: () => undefined, ...extra };
}

describe("plugin host", () => {
  it("applies plugins after their dependencies, pre before normal before post", async () => {
    const applied: string[] = [];
    const track = (name: string, extra: Partial<MaiaPlugin<never, unknown>> = {}) =>
      plugin(name, { apply: () => void applied.push(name), ...extra });
    await createTestKernel([
      track("late", { enforce: "post" }),
      track("needs-base", { dependencies: ["base"] }),
      track("base"),
      track("early", { enforce: "pre" }),
    ]);
    expect(applied).toEqual(["early", "base", "needs-base", "late"]);
  });

  it("fails a plugin whose dependency is missing, and the plugins that depend on it, by name", async () => {
    const { records } = await createTestKernel([
      plugin("a", { dependencies: ["ghost"] }),
      plugin("b", { dependencies: ["a"] }),
      plugin("c"),
    ]);
    const byName = Object.fromEntries(records.map((record) => [record.name, record]));
    expect(byName.a).toMatchObject({ state: "failed", stage: "order", code: ERROR_CODES.PLUGIN_DEPENDENCY });
    expect(byName.a?.reason).toContain('"ghost"');
    expect(byName.b).toMatchObject({ state: "failed", code: ERROR_CODES.PLUGIN_DEPENDENCY });
    expect(byName.b?.reason).toContain('"a"');
    expect(byName.c?.state).toBe("active");
  });

  it("names a dependency cycle", async () => {
    const { records } = await createTestKernel([
      plugin("x", { dependencies: ["y"] }),
      plugin("y", { dependencies: ["x"] }),
    ]);
    for (const record of records) {
      expect(record).toMatchObject({ state: "failed", code: ERROR_CODES.PLUGIN_CYCLE });
      expect(record.reason).toMatch(/x → y → x|y → x → y/);
    }
  });

  it("refuses a plugin built for another kernel", async () => {
    const { records } = await createTestKernel([plugin("old", { kernel: "^0.3.0" })]);
    expect(records[0]).toMatchObject({ state: "failed", stage: "shape", code: ERROR_CODES.PLUGIN_KERNEL_RANGE });
    expect(records[0]?.reason).toContain("^0.3.0");
  });

  it("validates options, applies schema defaults, and suggests the right name for a typo", async () => {
    let received: unknown;
    const schema = {
      type: "object",
      properties: { greeting: { type: "string", default: "hello" }, count: { type: "integer" } },
      additionalProperties: false,
    };
    const configured = definePlugin<{ greeting: string }>({
      name: "opts",
      version: "1.0.0",
      kernel: "^1.0.0",
      optionsSchema: schema,
      apply: (_context, options) => {
        received = options;
      },
    });
    await createTestKernel([{ plugin: configured as MaiaPlugin<never, unknown>, options: { count: 2 } }]);
    expect(received).toEqual({ count: 2, greeting: "hello" });

    const { records } = await createTestKernel([
      { plugin: configured as MaiaPlugin<never, unknown>, options: { greting: "hi" } },
    ]);
    expect(records[0]).toMatchObject({ state: "failed", stage: "options", code: ERROR_CODES.PLUGIN_OPTIONS });
    expect(records[0]?.reason).toContain('did you mean "greeting"');
  });

  it("gives up on a plugin whose apply never finishes, and its taps stop running", async () => {
    let tapRan = false;
    const hung = plugin("hung", {
      apply: (context) => {
        context.hooks.afterTurn.tap("hung", () => {
          tapRan = true;
        });
        return new Promise<never>(() => undefined);
      },
    });
    const { kernel } = await createTestKernel([]);
    const records = await kernel.loadPlugins([candidateFor(hung)], { applyTimeoutMs: 50 });
    expect(records[0]).toMatchObject({ state: "failed", stage: "apply", code: ERROR_CODES.PLUGIN_TIMEOUT });
    await kernel.hooks.afterTurn.promise({ session: {} as never, status: "done" });
    expect(tapRan).toBe(false);
  });

  it("removes what a plugin registered when its apply throws", async () => {
    const broken = plugin("broken", {
      apply: (context) => {
        context.commands.register({ name: "oops", description: "", run: async () => undefined });
        throw new Error("kaboom");
      },
    });
    const { kernel, records } = await createTestKernel([broken]);
    expect(records[0]).toMatchObject({ state: "failed", stage: "apply", reason: "kaboom" });
    expect(kernel.plugins.commands.get("oops")).toBeUndefined();
  });

  it("never imports a disabled plugin", async () => {
    let imported = false;
    const { kernel } = await createTestKernel([]);
    const records = await kernel.loadPlugins([
      {
        name: "off",
        source: "npm",
        enabled: false,
        resolve: async () => "somewhere",
        import: async () => {
          imported = true;
          return {};
        },
      },
    ]);
    expect(imported).toBe(false);
    expect(records[0]).toMatchObject({ name: "off", state: "disabled" });
  });

  it("records the hooks each plugin taps and its api", async () => {
    const tapping = plugin("tapping", {
      apply: (context) => {
        context.hooks.afterTurn.tap("tapping", () => undefined);
        context.hooks.tools.tapPromise("tapping", async (tools) => tools);
        return { hello: () => "world" };
      },
    });
    const { kernel, records } = await createTestKernel([tapping]);
    expect(records[0]?.hooks.sort()).toEqual(["afterTurn", "tools"]);
    expect(kernel.plugins.get<{ hello(): string }>("tapping")?.api?.hello()).toBe("world");
  });

  it("never throws out of load, whatever a plugin module exports", async () => {
    const { kernel } = await createTestKernel([]);
    await fc.assert(
      fc.asyncProperty(fc.anything({ withObjectString: true, withNullPrototype: true }), fc.string(), async (exported, name) => {
        const records = await kernel.loadPlugins([
          { name: `p-${name}`, source: "npm", enabled: true, resolve: async () => "x", import: async () => ({ default: exported }) },
        ]);
        expect(records.at(-1)?.state).toBe("failed");
      }),
      { numRuns: 200 },
    );
  });

  it("survives a module whose default export throws when read", async () => {
    const { kernel } = await createTestKernel([]);
    const hostile = {
      get default(): never {
        throw new Error("gotcha");
      },
    };
    const records = await kernel.loadPlugins([
      { name: "hostile", source: "npm", enabled: true, resolve: async () => "x", import: async () => hostile },
    ]);
    expect(records[0]).toMatchObject({ state: "failed", stage: "shape" });
  });
});
