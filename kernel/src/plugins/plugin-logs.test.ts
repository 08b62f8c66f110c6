import { describe, expect, it } from "vitest";
import { Kernel } from "../kernel.ts";
import { definePlugin, type LogOrigin, type PluginLogger } from "./define-plugin.ts";
import type { PluginCandidate } from "./plugin-host.ts";

type Line = { level: string; message: string; plugin?: string };

/** A front end's logger, as the CLI's are: it receives each line with the plugin that wrote it. */
function frontEndLog(lines: Line[]): PluginLogger {
  const keep = (level: string) => (message: string, origin?: LogOrigin) =>
    void lines.push(origin ? { level, message, plugin: origin.plugin } : { level, message });
  return { info: keep("info"), warn: keep("warn"), error: keep("error"), debug: keep("debug") };
}

function inMemory(plugin: unknown): PluginCandidate {
  const name = (plugin as { name: string }).name;
  return { name, source: "builtin", enabled: true, resolve: async () => `memory:${name}`, import: async () => ({ default: plugin }) };
}

const chatty = definePlugin({
  name: "chatty",
  version: "1.0.0",
  kernel: "^1.0.0",
  apply(context) {
    context.log.info("ready");
    context.log.warn("settings file has an odd key");
    context.hooks.sessionEnd.tapPromise("chatty", async () => context.log.info("bye"));
  },
});
const quiet = definePlugin({ name: "quiet", version: "1.0.0", kernel: "^1.0.0", apply() {} });

async function boot(lines: Line[]): Promise<Kernel> {
  const kernel = new Kernel({
    runtime: { cwd: "/tmp", homeDir: "/tmp", env: {}, frontEnd: { interactive: false, terminal: false, child: false }, locale: "en", allowRules: [] },
    log: frontEndLog(lines),
  });
  await kernel.loadPlugins([inMemory(chatty), inMemory(quiet), { ...inMemory(quiet), name: "off", enabled: false }]);
  return kernel;
}

describe("a plugin's log lines", () => {
  it("reach the front end with the plugin's name, and the host's own lines without one", async () => {
    const lines: Line[] = [];
    const kernel = await boot(lines);
    await kernel.loadPlugins([inMemory({ name: "bad" })]);
    expect(lines).toEqual([
      { level: "info", message: "ready", plugin: "chatty" },
      { level: "warn", message: "settings file has an odd key", plugin: "chatty" },
      { level: "warn", message: "plugin bad failed at shape: `version` must be a string" },
    ]);
  });

  it("are counted per plugin in its record, from load on", async () => {
    const kernel = await boot([]);
    const counts = () => Object.fromEntries(kernel.plugins.records().map((record) => [record.name, record.logs]));
    expect(counts()).toEqual({ chatty: { info: 1, warn: 1 }, quiet: { info: 0, warn: 0 }, off: { info: 0, warn: 0 } });
    await kernel.hooks.sessionEnd.promise({} as never);
    expect(counts().chatty).toEqual({ info: 2, warn: 1 });
  });
});
