import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSandboxSettings, resolveSettingsPath } from "./settings.ts";

const HOME = "/home/ada";
const PROJECT = "/work/app";

describe("the sandbox settings (Claude Code's keys)", () => {
  it("merges files lowest first: lists add up, a later true/false wins, paths resolve against each file", () => {
    const { settings, warnings } = readSandboxSettings(
      [
        { file: "~/.claude/settings.json", base: `${HOME}/.claude`, value: { enabled: true, autoAllowBashIfSandboxed: true, network: { allowedDomains: ["GitHub.com"] }, filesystem: { allowWrite: ["~/.cache/pip"] } } },
        { file: ".claude/settings.json", base: PROJECT, value: { autoAllowBashIfSandboxed: false, excludedCommands: ["docker *"], network: { allowedDomains: ["*.npmjs.org"], allowLocalBinding: true }, filesystem: { allowWrite: ["./out", "//tmp/build"], denyRead: ["secrets"] } } },
      ],
      HOME,
    );
    expect(warnings).toEqual([]);
    expect(settings).toEqual({
      enabled: true,
      autoAllowBashIfSandboxed: false,
      excludedCommands: ["docker *"],
      network: { allowedDomains: ["github.com", "*.npmjs.org"], allowLocalBinding: true },
      filesystem: { allowWrite: [`${HOME}/.cache/pip`, `${PROJECT}/out`, "/tmp/build"], denyRead: [`${PROJECT}/secrets`] },
    });
  });

  it("warns about a wrong type, an unknown key (did you mean) and a Claude Code key MAIA does not support, and keeps the rest", () => {
    const { settings, warnings } = readSandboxSettings(
      [{ file: "s.json", base: PROJECT, value: { enabled: "yes", autoAllowBashIfSandbox: true, bwrapPath: "/x", network: { allowedDomain: [], allowLocalBinding: true, httpProxyPort: 1 }, filesystem: { denyRead: "x", allowWrite: ["a"] } } }],
      HOME,
    );
    expect(settings).toEqual({ network: { allowLocalBinding: true }, filesystem: { allowWrite: [`${PROJECT}/a`] } });
    expect(warnings).toEqual([
      "s.json: `sandbox.enabled` must be true or false; ignored",
      "s.json: unknown sandbox setting `sandbox.autoAllowBashIfSandbox` (did you mean `autoAllowBashIfSandboxed`?); ignored",
      "s.json: `sandbox.bwrapPath` is a Claude Code sandbox setting that MAIA does not support; ignored",
      "s.json: unknown sandbox setting `sandbox.network.allowedDomain` (did you mean `allowedDomains`?); ignored",
      "s.json: `sandbox.network.httpProxyPort` is a Claude Code sandbox setting that MAIA does not support; ignored",
      "s.json: `sandbox.filesystem.denyRead` must be a list of strings; ignored",
    ]);
    expect(readSandboxSettings([{ file: "s.json", base: PROJECT, value: [1] }], HOME).warnings).toEqual([
      "s.json: `sandbox` must be an object; the sandbox settings of this file are ignored",
    ]);
  });

  it("says that Linux cannot allow Unix sockets one by one (they stay blocked); macOS's Seatbelt can", () => {
    const sources = [{ file: "s.json", base: PROJECT, value: { network: { allowUnixSockets: ["/var/run/docker.sock"] } } }];
    expect(readSandboxSettings(sources, HOME, "linux").warnings).toEqual([
      "s.json: `sandbox.network.allowUnixSockets` lists paths, but Linux's sandbox cannot allow Unix sockets one by one: they stay blocked (set `sandbox.network.allowAllUnixSockets: true` to allow every Unix socket)",
    ]);
    expect(readSandboxSettings(sources, HOME, "darwin").warnings).toEqual([]);
  });

  it("reads `/x` as absolute, and in a deny list as the settings folder's x as well (never looser than meant)", () => {
    expect(resolveSettingsPath("/etc/x", PROJECT, HOME, false)).toEqual(["/etc/x"]);
    expect(resolveSettingsPath("/keys", PROJECT, HOME, true)).toEqual(["/keys", `${PROJECT}/keys`]);
    expect(resolveSettingsPath("~", PROJECT, HOME, true)).toEqual([HOME]);
    expect(resolveSettingsPath("  ", PROJECT, HOME, true)).toEqual([]);
  });

  it("never throws on any JSON, and every path it keeps is absolute", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const read = readSandboxSettings([{ file: "a", base: PROJECT, value: a }, { file: "b", base: PROJECT, value: { filesystem: b, network: b } }], HOME);
        for (const list of Object.values(read.settings.filesystem ?? {})) for (const item of list ?? []) expect(item.startsWith("/")).toBe(true);
        for (const warning of read.warnings) expect(warning).toMatch(/^[ab]: /);
      }),
    );
  });
});
