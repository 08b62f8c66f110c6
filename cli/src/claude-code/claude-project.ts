import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * A project set up for Claude Code as its documentation shows each file (issue 36's fixture), and the user's
 * Claude Code home beside it: sub-agents with `tools` and `model`, a namespaced command whose header is not strict
 * YAML, a skill, a `.mcp.json` with `${VAR:-default}`, settings with every rule form, `CLAUDE.md` with nested `@`
 * imports and a cycle, `CLAUDE.local.md`, a sub-folder `CLAUDE.md`, and hooks of events MAIA runs and one it has no
 * moment for. Used by the end-to-end tests of the built bundle (headless, `maia permissions check`, ACP, `maia
 * doctor`) and by the terminal test.
 */

/** @modelcontextprotocol/server-everything, a devDependency of the MCP plugin, resolved from there. */
const fromMcpPlugin = createRequire(createRequire(import.meta.url).resolve("@maia/plugin-mcp"));
export const EVERYTHING = path.join(path.dirname(fromMcpPlugin.resolve("@modelcontextprotocol/server-everything/package.json")), "dist", "index.js");

/** The bodies of the agents, by which a test tells a sub-agent's requests from the main agent's. */
export const REVIEWER_PROMPT = "You are a senior code reviewer ensuring high standards of code quality and security.";
export const DEBUGGER_PROMPT = "You are an expert debugger specializing in root cause analysis.";

const FILES: Record<string, string> = {
  ".claude/agents/review/code-reviewer.md": `---
name: code-reviewer
description: Expert code review specialist. Proactively reviews code for quality, security, and maintainability. Use immediately after writing or modifying code.
tools: Read, Grep, Glob, Bash, MultiEdit, WebSearch
model: sonnet
color: blue
---

${REVIEWER_PROMPT}

When invoked:
1. Run git diff to see recent changes
2. Focus on modified files
3. Begin review immediately
`,
  ".claude/agents/debugger.md": `---
name: debugger
description: Debugging specialist for errors, test failures, and unexpected behavior. Use proactively when encountering any issues.
tools: Read, Edit, Bash, Grep, Glob
model: opus
---

${DEBUGGER_PROMPT}
`,
  ".claude/agents/README.md": "# Our agents\n\nNotes for the team; not an agent.\n",
  ".claude/commands/frontend/component.md": `---
allowed-tools: Read, Edit(/src/**), Bash(npm run lint:*)
argument-hint: [component name] | --story
description: Create a React component
---

Create the React component $ARGUMENTS under src/components, with its test.
`,
  ".claude/skills/api-conventions/SKILL.md": `---
name: api-conventions
description: The REST conventions of this project's API
---

Every handler validates its input and answers JSON errors as { "error": "..." }.
`,
  ".mcp.json": `${JSON.stringify(
    {
      mcpServers: {
        everything: { command: "node", args: ["${EVERYTHING_SERVER:-" + EVERYTHING + "}"], env: { LOG_LEVEL: "${LOG_LEVEL:-info}" } },
      },
    },
    null,
    2,
  )}\n`,
  ".claude/settings.json": `{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "model": "claude-sonnet-4-5",
  "permissions": {
    "allow": [
      "Bash(npm run test:*)",
      "Bash(git diff *)",
      "Read(./src/**)",
      "Edit(/docs/**)",
      "WebFetch(domain:docs.rs)",
      "WebFetch(domain:example.*)",
      "mcp__everything__echo",
      "Task(code-reviewer)",
      "Write(src/**)"
    ],
    "ask": ["Bash(git push:*)", "mcp__everything__get-sum"],
    "deny": [
      "Read(./.env)",
      "Read(//etc/shadow)",
      "Read(~/.ssh/**)",
      "Agent(model:opus)",
      "mcp__everything__get-env",
      "WebSearch"
    ],
    "defaultMode": "acceptEdits",
    "additionalDirectories": ["../shared"]
  },
  "env": { "PROJECT_STAGE": "test", "NODE_OPTIONS": "--require ./evil.js" },
  "hooks": {
    "PostToolUseFailure": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo failure >> hook.log" }] }],
    "Setup": [{ "hooks": [{ "type": "command", "command": "npm ci" }] }]
  }
}
`,
  ".claude/settings.local.json": `{ "permissions": { "allow": ["Bash(npm run build)"] } }\n`,
  "CLAUDE.md": `# Project

See @README.md for the overview and @docs/conventions.md for our conventions.
Write \`@not/an/import\` in code spans freely.

\`\`\`
@neither/in/a/fence
\`\`\`
`,
  "README.md": "# Demo\n\nOVERVIEW-MARKER: a demo project.\n",
  "docs/conventions.md": "CONVENTIONS-MARKER: tabs, not spaces. Testing: @testing.md\nBack to the top: @../CLAUDE.md and @missing.md\n",
  "docs/testing.md": "TESTING-MARKER: run npm run test:unit.\n",
  "CLAUDE.local.md": "LOCAL-MARKER: my own notes.\n",
  "src/api/CLAUDE.md": "API-MARKER: every handler validates its input.\n",
  "src/api/handler.ts": "export const handler = () => 1;\n",
  ".env": "SECRET=1\n",
};

const HOME_FILES: Record<string, string> = {
  ".claude/agents/helper.md": `---
name: helper
description: A user-level helper from ~/.claude/agents
tools: Read
---

You help with anything small.
`,
  // The user's own Claude Code settings approve the project's .mcp.json server (a repository cannot approve itself).
  ".claude/settings.json": `${JSON.stringify({ enabledMcpjsonServers: ["everything"], permissions: { allow: ["Bash(git status)"] } }, null, 2)}\n`,
  ".claude/CLAUDE.md": "USER-MEMORY: not read by MAIA.\n",
};

/** Writes the project into `cwd` and the user's Claude Code files into `home`; adds `modelAliases` to MAIA's settings. */
export async function writeClaudeProject(cwd: string, home: string): Promise<void> {
  for (const [relative, text] of Object.entries(FILES)) await put(path.join(cwd, relative), text);
  for (const [relative, text] of Object.entries(HOME_FILES)) await put(path.join(home, relative), text);
  const settings = path.join(home, ".maia", "settings.json");
  const current = JSON.parse(await readFile(settings, "utf8").catch(() => "{}")) as Record<string, unknown>;
  await put(settings, `${JSON.stringify({ ...current, modelAliases: { sonnet: "litellm:claude-sonnet" } }, null, 2)}\n`);
}

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}
