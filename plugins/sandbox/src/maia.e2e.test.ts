import { existsSync } from "node:fs";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { maiaPerTest, runMaia, streamEvents, tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";

// The built bundle (print.cjs and its print-sandbox.cjs, the ES bundle for `maia sandbox`), the real bubblewrap.
const bed = maiaPerTest(() => startFakeLiteLLM());

const bash = (id: string, command: string, extra: Record<string, unknown> = {}) => ({ id, name: "Bash", arguments: { command, ...extra } });

/** Every tool result the model was sent, once each (each request repeats the earlier ones). */
function toolResults(server: { chatBodies(): unknown[] }): string[] {
  const all = server
    .chatBodies()
    .flatMap((body) => (body as { messages?: Array<{ role: string; content?: unknown }> }).messages ?? [])
    .filter((message) => message.role === "tool")
    .map((message) => String(message.content));
  return [...new Set(all)];
}

async function maia(args: string[], env: NodeJS.ProcessEnv = {}) {
  const run = await runMaia(["-p", "work", "--model", "fake-model", "--output-format", "stream-json", ...args], { ...bed, env });
  return { ...run, events: streamEvents(run.stdout) };
}

describe.runIf(process.platform === "linux")("Bash in the OS sandbox (maia -p, built bundle)", () => {
  it("with autoAllowBashIfSandboxed runs a command no rule covers, inside the sandbox, and says what it refused", async () => {
    const outside = await tempFolder("maia-sbx-e2e-out-");
    bed.server.writeSettings(bed.home, { sandbox: { autoAllowBashIfSandboxed: true }, permissions: { deny: ["Bash(rm *)"] } });
    await writeFile(path.join(bed.home, ".netrc"), "machine x password SECRET-NETRC\n");
    await symlink(outside, path.join(bed.cwd, "link-out"));
    bed.server.enqueue(
      { toolCalls: [bash("a", `mkdir -p build && echo ok > build/out.txt && echo hacked > ${outside}/x; cat ~/.netrc; echo via > link-out/y`)] },
      { toolCalls: [bash("b", "rm -rf build")] },
      { text: "done" },
    );
    const run = await maia([], { LITELLM_EXTRA_KEY: "never-seen" });
    expect(run.code, run.stderr).toBe(0);
    // `sandbox` is a key of ~/.maia/settings.json that the LiteLLM plugin knows it does not own.
    expect(run.events.filter((event) => event.type === "warning")).toEqual([]);
    expect(await readFile(path.join(bed.cwd, "build/out.txt"), "utf8")).toBe("ok\n");
    expect(existsSync(path.join(outside, "x")) || existsSync(path.join(outside, "y"))).toBe(false);
    const [first, second] = toolResults(bed.server);
    expect(first).not.toContain("SECRET-NETRC");
    expect(first).toContain(`The sandbox refused writing ${outside}/x`);
    expect(first).toContain("dangerouslyDisableSandbox");
    // A deny rule still denies with auto-allow on.
    expect(second).toContain("denied by the permission rules (Bash(rm *))");
    expect(existsSync(path.join(bed.cwd, "build"))).toBe(true);
    const results = run.events.filter((event) => event.type === "tool_result");
    expect(results[0]).toMatchObject({ name: "Bash", sandboxed: true });
  });

  it("refuses dangerouslyDisableSandbox without an --allow rule, and runs it outside with one", async () => {
    const outside = await tempFolder("maia-sbx-e2e-out-");
    const command = `touch ${outside}/escaped`;
    bed.server.writeSettings(bed.home, { sandbox: { autoAllowBashIfSandboxed: true } });
    bed.server.enqueue({ toolCalls: [bash("a", command, { dangerouslyDisableSandbox: true })] }, { text: "refused" });
    const refused = await maia([]);
    expect(refused.events.find((event) => event.type === "permission")).toMatchObject({ name: "Bash", outcome: "refused" });
    expect(existsSync(path.join(outside, "escaped"))).toBe(false);

    bed.server.enqueue({ toolCalls: [bash("b", command, { dangerouslyDisableSandbox: true })] }, { text: "ran" });
    const allowed = await maia(["--allow", `Bash(${command})`]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(existsSync(path.join(outside, "escaped"))).toBe(true);
    expect(allowed.events.find((event) => event.type === "tool_result")).toMatchObject({ sandboxed: false });
  });

  it("never runs dangerouslyDisableSandbox when allowUnsandboxedCommands is false, even with --allow", async () => {
    const outside = await tempFolder("maia-sbx-e2e-out-");
    bed.server.writeSettings(bed.home, { sandbox: { allowUnsandboxedCommands: false } });
    bed.server.enqueue({ toolCalls: [bash("c", `touch ${outside}/again`, { dangerouslyDisableSandbox: true })] }, { text: "no" });
    const never = await maia(["--allow", `Bash(touch ${outside}/again)`]);
    expect(existsSync(path.join(outside, "again"))).toBe(false);
    expect(toolResults(bed.server).at(-1)).toContain("allowUnsandboxedCommands is false");
    expect(never.code).toBe(0);
  });

  it("without bubblewrap says so once and runs unsandboxed, with auto-allow off", async () => {
    // A PATH with node and the shell tools but no bwrap.
    const bin = await tempFolder("maia-sbx-nobwrap-");
    for (const tool of ["touch", "echo", "sh", "bash", "cat"]) await symlink(`/bin/${tool}`, path.join(bin, tool)).catch(() => undefined);
    const env = { PATH: `${bin}:${path.dirname(process.execPath)}` };
    bed.server.writeSettings(bed.home, { sandbox: { autoAllowBashIfSandboxed: true } });
    bed.server.enqueue({ toolCalls: [bash("a", "touch made")] }, { text: "done" });
    const asked = await maia([], env);
    expect(asked.events.find((event) => event.type === "permission")).toMatchObject({ name: "Bash", outcome: "refused" });
    const warnings = asked.events.filter((event) => event.type === "warning" && String(event.message).includes("sandbox is unavailable"));
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.message)).toContain("apt-get install bubblewrap socat");

    bed.server.enqueue({ toolCalls: [bash("b", "touch made")] }, { text: "done" });
    const outside = await maia(["--allow", "Bash(touch made)"], env);
    expect(outside.code, outside.stderr).toBe(0);
    expect(existsSync(path.join(bed.cwd, "made"))).toBe(true);
  });

  it("with failIfUnavailable refuses Bash where there is no bubblewrap", async () => {
    const bin = await tempFolder("maia-sbx-nobwrap-");
    for (const tool of ["touch", "echo", "sh", "bash", "cat"]) await symlink(`/bin/${tool}`, path.join(bin, tool)).catch(() => undefined);
    const env = { PATH: `${bin}:${path.dirname(process.execPath)}` };
    bed.server.writeSettings(bed.home, { sandbox: { failIfUnavailable: true } });
    bed.server.enqueue({ toolCalls: [bash("c", "touch refused")] }, { text: "done" });
    await maia(["--allow", "Bash(touch refused)"], env);
    expect(existsSync(path.join(bed.cwd, "refused"))).toBe(false);
    expect(toolResults(bed.server).at(-1)).toContain("failIfUnavailable is true");
  });

  it("runs a custom tool's program in the sandbox too", async () => {
    const outside = await tempFolder("maia-sbx-e2e-out-");
    const folder = path.join(bed.cwd, ".maia", "tools", "escape");
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "run.sh"), `#!/bin/sh\necho inside > "$MAIA_CWD/tool-out.txt"\ntouch ${outside}/from-tool || echo "refused: $?"\n`, { mode: 0o755 });
    await writeFile(path.join(folder, "TOOL.json"), JSON.stringify({ name: "Escape", description: "tries to write outside", command: { parameters: [], run: "./run.sh" } }));
    bed.server.writeSettings(bed.home);
    bed.server.enqueue({ toolCalls: [{ id: "t", name: "Escape", arguments: {} }] }, { text: "done" });
    const run = await maia(["--allow", "Escape"]);
    expect(run.code, run.stderr).toBe(0);
    expect(toolResults(bed.server)[0]).toContain("refused: 1");
    expect(run.events.find((event) => event.type === "tool_result")).toMatchObject({ name: "Escape", sandboxed: true });
    expect(await readFile(path.join(bed.cwd, "tool-out.txt"), "utf8")).toBe("inside\n");
    expect(existsSync(path.join(outside, "from-tool"))).toBe(false);
  });
});

describe.runIf(process.platform === "linux")("maia sandbox (built bundle)", () => {
  it("check tests every wall on this machine and exits 0; run runs one command inside and exits with its code", async () => {
    bed.server.writeSettings(bed.home, { sandbox: { network: { allowedDomains: ["example.org"] } } });
    const check = await runMaia(["sandbox", "check"], bed);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain("Sandbox: on (bubblewrap)");
    expect(check.stdout).toContain("Network: only example.org, through MAIA's proxy");
    expect(check.stdout.match(/✓ held/g)).toHaveLength(3);
    const json = JSON.parse((await runMaia(["sandbox", "check", "--json"], bed)).stdout) as { walls: { held: boolean }[] };
    expect(json.walls.map((wall) => wall.held)).toEqual([true, true, true]);

    const run = await runMaia(["sandbox", "run", "--", "sh", "-c", "echo in > here.txt; touch /etc/maia-nope; exit 4"], bed);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain("Read-only file system");
    expect(await readFile(path.join(bed.cwd, "here.txt"), "utf8")).toBe("in\n");
  });
});
