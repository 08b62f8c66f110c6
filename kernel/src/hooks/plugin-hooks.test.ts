import { AsyncSeriesWaterfallHook, SyncHook } from "tapable";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, type MaiaError } from "@maia/util/maia-error";
import { definePluginHooks } from "./plugin-hooks.ts";

const demoHooks = definePluginHooks("demo", () => ({
  ran: new SyncHook<[string]>(["what"]),
  shaped: new AsyncSeriesWaterfallHook<[number]>(["value"]),
}));

function setup() {
  const errors: MaiaError[] = [];
  const owner = {};
  return { owner, errors, set: demoHooks.of(owner, { report: (error) => errors.push(error) }) };
}

describe("definePluginHooks (a plugin's own hooks, instrumented like the kernel's)", () => {
  it("makes one set per owner and another for another owner", () => {
    const { owner, set } = setup();
    expect(demoHooks.of(owner, { report: () => undefined })).toBe(set);
    expect(demoHooks.of({}, { report: () => undefined })).not.toBe(set);
  });

  it("counts each tapper's calls, and a tap that throws is reported with its name and the hook, the others still run", () => {
    const { set, errors } = setup();
    const seen: string[] = [];
    set.taps.ran.tap("ui", () => {
      throw new Error("boom");
    });
    set.taps.ran.tap("log", (what) => {
      seen.push(what);
    });
    set.hooks.ran.call("x");
    expect(seen).toEqual(["x"]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: ERROR_CODES.PLUGIN_RUNTIME, plugin: "ui", hook: "demo.ran" });
    expect(set.statsOf("ui").get("ran")).toMatchObject({ calls: 1, errors: 1 });
    expect(set.statsOf("log").get("ran")).toMatchObject({ calls: 1, errors: 0 });
  });

  it("stops calling a tap once it is removed, and only that one", () => {
    const { set } = setup();
    const seen: string[] = [];
    const stopFirst = set.taps.ran.tap("ui", (what) => {
      seen.push(`first ${what}`);
    });
    set.taps.ran.tap("ui", (what) => {
      seen.push(`second ${what}`);
    });
    set.hooks.ran.call("a");
    stopFirst();
    stopFirst();
    set.hooks.ran.call("b");
    expect(seen).toEqual(["first a", "second a", "second b"]);
  });

  it("a failed promise tap leaves a waterfall's value as it was", async () => {
    const { set, errors } = setup();
    set.taps.shaped.tapPromise("double", async (value) => value * 2);
    set.taps.shaped.tapPromise("broken", async () => {
      throw new Error("no");
    });
    expect(await set.hooks.shaped.promise(3)).toBe(6);
    expect(errors.map((error) => error.hook)).toEqual(["demo.shaped"]);
  });
});
