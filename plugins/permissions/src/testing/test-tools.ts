import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { definePlugin, type AnyTool } from "@maia/kernel";

/**
 * Real tools for the permissions plugin's end-to-end tests, until the builtin-tools plugin lands: a `Bash`
 * that runs `bash -c` in the launch folder (a real process) and a `Read` that reads a real file. Both have
 * the seed's own default permission (§ 8), so a test can see when the policy replaced it.
 */
function runBash(command: string, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", command], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve(`${output}[exit code: ${code}]`));
  });
}

const bash: AnyTool = {
  spec: {
    name: "Bash",
    description: "Runs a shell command in the launch folder.",
    inputSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
  },
  permission: "ask",
  describe: (input: { command: string }) => input.command,
  execute: (input: { command: string }, context) => runBash(input.command, context.cwd),
};

const read: AnyTool = {
  spec: {
    name: "Read",
    description: "Reads a file.",
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
  permission: "auto",
  describe: (input: { path: string }) => input.path,
  execute: async (input: { path: string }, context) => readFile(path.resolve(context.cwd, input.path), "utf8"),
};

export const testTools = definePlugin({
  name: "test-tools",
  version: "1.0.0",
  kernel: "^1.0.0",
  apply(context) {
    context.hooks.tools.tapPromise("test-tools", async (tools) => [...tools, bash, read]);
  },
});
