import { describe, expect, it } from "vitest";
import { ERROR_CODES, type MaiaError } from "@maia/util/maia-error";
import { HOOK_SPECS, STAGE, type HookName, type PermissionCheck } from "../contracts/hooks.ts";
import { InstrumentedHooks } from "./instrumented-hooks.ts";

function check(): PermissionCheck {
  return {
    session: {} as PermissionCheck["session"],
    call: { type: "tool_use", id: "1", name: "Bash", input: { command: "ls" } },
    tool: { spec: { name: "Bash", description: "", inputSchema: {} }, permission: "ask", execute: async () => "" },
  };
}

function setup() {
  const errors: MaiaError[] = [];
  const hooks = new InstrumentedHooks((error) => errors.push(error));
  hooks.grantPolicy("permissions");
  return { hooks, errors, policy: hooks.facadeFor("permissions"), thirdParty: hooks.facadeFor("maia-plugin-x") };
}

describe("hook interceptor", () => {
  it("skips a throwing tap, names its plugin and hook, and goes on with the chain", async () => {
    const { hooks, errors } = setup();
    hooks.facadeFor("bad").beforeTurn.tapPromise("bad", async () => {
      throw new Error("boom");
    });
    hooks.facadeFor("good").beforeTurn.tapPromise("good", async (turn) => ({ ...turn, text: `${turn.text}!` }));
    const result = await hooks.table.beforeTurn.promise({ session: {} as never, text: "hi", signal: new AbortController().signal, origin: "user", images: [] });
    expect(result.text).toBe("hi!");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: ERROR_CODES.PLUGIN_RUNTIME, plugin: "bad", hook: "beforeTurn" });
  });

  it("takes allow only from the permissions plugin at the POLICY stage", async () => {
    const { hooks, policy, thirdParty } = setup();
    thirdParty.checkPermission.tap("x", (current) => ({ ...current, verdict: { decision: "allow" } }));
    expect((await hooks.table.checkPermission.promise(check())).verdict).toBeUndefined();

    policy.checkPermission.tap({ name: "permissions", stage: STAGE.POLICY }, (current) => ({
      ...current,
      verdict: { decision: "allow", rule: "Bash(ls)" },
    }));
    expect((await hooks.table.checkPermission.promise(check())).verdict).toMatchObject({ decision: "allow" });
  });

  it("does not let the permissions plugin allow outside the POLICY stage", async () => {
    const { hooks, policy } = setup();
    policy.checkPermission.tap("permissions", (current) => ({ ...current, verdict: { decision: "allow" } }));
    expect((await hooks.table.checkPermission.promise(check())).verdict).toBeUndefined();
  });

  it("lets any plugin tighten: a third-party deny beats the policy's allow, wherever it runs", async () => {
    const { hooks, policy, thirdParty } = setup();
    policy.checkPermission.tap({ name: "permissions", stage: STAGE.POLICY }, (current) => ({
      ...current,
      verdict: { decision: "allow" },
    }));
    thirdParty.checkPermission.tap({ name: "x", stage: STAGE.POST }, (current) => ({
      ...current,
      verdict: { decision: "deny", rule: "no-rm" },
    }));
    expect((await hooks.table.checkPermission.promise(check())).verdict).toMatchObject({ decision: "deny", rule: "no-rm" });
  });

  it("keeps a deny when a later tap says ask", async () => {
    const { hooks, thirdParty } = setup();
    thirdParty.checkPermission.tap({ name: "x", stage: STAGE.PRE }, (current) => ({ ...current, verdict: { decision: "deny" } }));
    hooks.facadeFor("y").checkPermission.tap("y", (current) => ({ ...current, verdict: { decision: "ask" } }));
    expect((await hooks.table.checkPermission.promise(check())).verdict?.decision).toBe("deny");
  });

  it("turns a throwing permission tap into ask, never allow", async () => {
    const { hooks, policy, errors } = setup();
    policy.checkPermission.tapPromise({ name: "permissions", stage: STAGE.POLICY }, async () => {
      throw new Error("parser crashed");
    });
    const verdict = (await hooks.table.checkPermission.promise(check())).verdict;
    expect(verdict).toMatchObject({ decision: "ask" });
    expect(verdict?.reason).toContain("parser crashed");
    expect(errors[0]).toMatchObject({ plugin: "permissions", hook: "checkPermission" });
  });

  it("does not let a tap allow by mutating the check instead of returning it", async () => {
    const { hooks, thirdParty } = setup();
    thirdParty.checkPermission.tap("x", (current) => {
      (current as { verdict?: unknown }).verdict = { decision: "allow" };
      return current;
    });
    expect((await hooks.table.checkPermission.promise(check())).verdict?.decision).toBe("ask");
  });

  it("tags taps with their plugin whatever name they give", async () => {
    const { hooks } = setup();
    let calls = 0;
    hooks.facadeFor("real").afterTurn.tap("pretending-to-be-someone-else", () => void (calls += 1));
    await hooks.table.afterTurn.promise({ session: {} as never, status: "done" });
    expect(hooks.hooksOf("real")).toEqual(["afterTurn"]);
    expect(hooks.hooksOf("pretending-to-be-someone-else")).toEqual([]);
    expect(calls).toBe(1);
  });

  it("offers plugins no way to call a hook", () => {
    const { thirdParty } = setup();
    expect("promise" in thirdParty.afterTurn).toBe(false);
    expect("call" in thirdParty.contextChanged).toBe(false);
  });

  it("lets a settings error through a provider hook, for the user to fix", async () => {
    const { hooks } = setup();
    hooks.facadeFor("litellm").resolveProvider.tapPromise("litellm", async () => {
      throw Object.assign(new Error("settings.json is missing"), { code: ERROR_CODES.SETTINGS });
    });
    await expect(hooks.table.resolveProvider.promise({ model: "m", cwd: "/", homeDir: "/", env: {} })).rejects.toThrow(
      "settings.json is missing",
    );
  });
});

describe("hook deadlines", () => {
  const never = () => new Promise<never>(() => undefined);

  it("turns a checkPermission tap that never settles into ask, naming the plugin and the hook", async () => {
    const errors: MaiaError[] = [];
    const hooks = new InstrumentedHooks((error) => errors.push(error), { checkPermission: 50 });
    hooks.grantPolicy("permissions");
    hooks.facadeFor("permissions").checkPermission.tap({ name: "permissions", stage: STAGE.POLICY }, (current) => ({
      ...current,
      verdict: { decision: "allow" },
    }));
    hooks.facadeFor("maia-plugin-stuck").checkPermission.tapPromise("stuck", never);
    const verdict = (await hooks.table.checkPermission.promise(check())).verdict;
    expect(verdict?.decision).toBe("ask");
    expect(verdict?.reason).toContain("did not settle within 50 ms");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: ERROR_CODES.PLUGIN_RUNTIME, plugin: "maia-plugin-stuck", hook: "checkPermission" });
    expect(errors[0]?.message).toBe("maia-plugin-stuck (checkPermission): did not settle within 50 ms");
  });

  it("skips a late waterfall tap and goes on with the value unchanged", async () => {
    const errors: MaiaError[] = [];
    const hooks = new InstrumentedHooks((error) => errors.push(error), { beforeTurn: 50 });
    hooks.facadeFor("slow").beforeTurn.tapPromise("slow", never);
    hooks.facadeFor("good").beforeTurn.tapPromise("good", async (turn) => ({ ...turn, text: `${turn.text}!` }));
    const result = await hooks.table.beforeTurn.promise({ session: {} as never, text: "hi", signal: new AbortController().signal, origin: "user", images: [] });
    expect(result.text).toBe("hi!");
    expect(errors.map((error) => [error.plugin, error.hook])).toEqual([["slow", "beforeTurn"]]);
  });

  it("leaves a tap that settles in time alone", async () => {
    const errors: MaiaError[] = [];
    const hooks = new InstrumentedHooks((error) => errors.push(error), { beforeTurn: 500 });
    hooks.facadeFor("quick").beforeTurn.tapPromise("quick", async (turn) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { ...turn, text: "changed" };
    });
    const result = await hooks.table.beforeTurn.promise({ session: {} as never, text: "hi", signal: new AbortController().signal, origin: "user", images: [] });
    expect(result.text).toBe("changed");
    expect(errors).toEqual([]);
  });

  it("are built from the specs: one tapable hook of the spec's kind each, and a trigger for each hook plugins may call", async () => {
    const { hooks } = setup();
    const classOf = { waterfall: "AsyncSeriesWaterfallHook", permission: "AsyncSeriesWaterfallHook", bail: "AsyncSeriesBailHook", series: "AsyncSeriesHook", sync: "SyncHook" };
    for (const name of Object.keys(HOOK_SPECS) as HookName[]) expect(hooks.table[name].constructor.name, name).toBe(classOf[HOOK_SPECS[name].kind]);
    expect(Object.keys(hooks.triggers).sort()).toEqual(["contextChanged", "onCompact", "systemPrompt"]);
    hooks.facadeFor("memory").systemPrompt.tap("memory", (sections) => [...sections, { id: "m", order: 100, text: "MAIA.md" }]);
    expect(await hooks.triggers.systemPrompt([], {} as never)).toEqual([{ id: "m", order: 100, text: "MAIA.md" }]);
  });
});
