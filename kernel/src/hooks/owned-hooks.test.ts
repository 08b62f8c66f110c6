import { describe, expect, it } from "vitest";
import { ERROR_CODES, type MaiaError } from "@maia/util/maia-error";
import { hookSpec } from "../contracts/hooks.ts";
import { InstrumentedHooks } from "./instrumented-hooks.ts";

const DEMO = {
  ran: hookSpec.sync<[string]>({ args: ["what"], callers: "kernel", doc: "Something ran" }),
  shaped: hookSpec.waterfall<[number]>({ args: ["value"], deadlineMs: 60_000, callers: "kernel", doc: "A value goes through" }),
  slow: hookSpec.series<[]>({ args: [], deadlineMs: 60_000, callers: "kernel", doc: "Taps may take their time" }),
};

function setup(deadlines: Record<string, number> = {}) {
  const errors: MaiaError[] = [];
  const instrumented = new InstrumentedHooks((error) => errors.push(error), deadlines);
  const owned = instrumented.facadeFor("demo").own(DEMO);
  return { instrumented, owned, errors };
}

describe("a plugin's own hooks (context.hooks.own), instrumented like the kernel's", () => {
  it("are named after their owner, listed for it, and each tapper lists what it tapped", () => {
    const { instrumented, owned } = setup();
    owned.taps.ran.tap("ui", () => undefined);
    instrumented.facadeFor("other").afterTurn.tap("other", () => undefined);
    expect(instrumented.ownedBy("demo")).toEqual(["demo.ran", "demo.shaped", "demo.slow"]);
    expect(instrumented.hooksOf("ui")).toEqual(["demo.ran"]);
    expect(instrumented.ownedBy("other")).toEqual([]);
  });

  it("are declared once per plugin", () => {
    const { instrumented } = setup();
    expect(() => instrumented.facadeFor("demo").own(DEMO)).toThrow(expect.objectContaining({ code: ERROR_CODES.DUPLICATE_REGISTRATION }));
  });

  it("report a tap that throws with its name and the hook, and the others still run", () => {
    const { owned, errors } = setup();
    const seen: string[] = [];
    owned.taps.ran.tap("ui", () => {
      throw new Error("boom");
    });
    owned.taps.ran.tap("log", (what) => {
      seen.push(what);
    });
    owned.hooks.ran.call("x");
    expect(seen).toEqual(["x"]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: ERROR_CODES.PLUGIN_RUNTIME, plugin: "ui", hook: "demo.ran" });
  });

  it("stop calling a tap once it is removed, and only that one", () => {
    const { owned } = setup();
    const seen: string[] = [];
    const stopFirst = owned.taps.ran.tap("ui", (what) => {
      seen.push(`first ${what}`);
    });
    owned.taps.ran.tap("ui", (what) => {
      seen.push(`second ${what}`);
    });
    owned.hooks.ran.call("a");
    stopFirst();
    stopFirst();
    owned.hooks.ran.call("b");
    expect(seen).toEqual(["first a", "second a", "second b"]);
  });

  it("leave a waterfall's value as it was when a promise tap fails", async () => {
    const { owned, errors } = setup();
    owned.taps.shaped.tapPromise("double", async (value) => value * 2);
    owned.taps.shaped.tapPromise("broken", async () => {
      throw new Error("no");
    });
    expect(await owned.hooks.shaped.promise(3)).toBe(6);
    expect(errors.map((error) => error.hook)).toEqual(["demo.shaped"]);
  });

  it("bound a tap that never settles by the hook's deadline, named", async () => {
    const { owned, errors } = setup({ "demo.slow": 20 });
    const after: string[] = [];
    owned.taps.slow.tapPromise("stuck", () => new Promise<void>(() => undefined));
    owned.taps.slow.tapPromise("next", async () => {
      after.push("ran");
    });
    await owned.hooks.slow.promise();
    expect(after).toEqual(["ran"]);
    expect(errors[0]).toMatchObject({ code: ERROR_CODES.PLUGIN_RUNTIME, plugin: "stuck", hook: "demo.slow", message: "stuck (demo.slow): did not settle within 20 ms" });
    expect(errors[0]?.cause).toMatchObject({ code: ERROR_CODES.HOOK_TIMEOUT });
  });

  it("skip the taps of a plugin that failed to load", () => {
    const { instrumented, owned } = setup();
    const seen: string[] = [];
    owned.taps.ran.tap("broken-plugin", (what) => {
      seen.push(what);
    });
    instrumented.disable("broken-plugin");
    owned.hooks.ran.call("x");
    expect(seen).toEqual([]);
  });
});
