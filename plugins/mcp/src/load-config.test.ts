import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldersPerTest } from "@maia/testing-maia";
import { loadMcpConfig, projectConfigPath, userConfigPath } from "./load-config.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const folders = foldersPerTest();

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

const load = (env: NodeJS.ProcessEnv = {}, cwd = folders.cwd) => loadMcpConfig({ homeDir: folders.home, cwd, env });

describe("~/.maia/mcp.json (seed § 22.1)", () => {
  it("no file: no server, no warning", async () => {
    expect(await load()).toMatchObject({ servers: [], disabled: [], warnings: [] });
  });

  it("reads http, sse and stdio entries in the shape other assistants use", async () => {
    await write(
      userConfigPath(folders.home),
      JSON.stringify({
        mcpServers: {
          github: { type: "http", url: "https://api.example.com/mcp", headers: { Authorization: "Bearer ${GH_TOKEN}" } },
          legacy: { type: "sse", url: "http://127.0.0.1:3001/sse", timeout: 5 },
          files: { command: "npx", args: ["-y", "server-files", "${HOME_DIR}"], env: { KEY: "${SECRET}" }, cwd: "tools" },
          inferred: { url: "https://inferred.example/mcp" },
          gemini: { httpUrl: "https://gemini.example/mcp", includeTools: ["a"], excludeTools: ["b"] },
        },
      }),
    );
    const config = await load({ GH_TOKEN: "t0k", HOME_DIR: "/home/me", SECRET: "s3" });
    expect(config.warnings).toEqual([]);
    const byKey = Object.fromEntries(config.servers.map((server) => [server.key, server]));
    expect(byKey.github).toMatchObject({
      origin: "user",
      transport: { type: "http", url: "https://api.example.com/mcp", headers: { Authorization: "Bearer t0k" } },
      display: "https://api.example.com/mcp",
      timeoutMs: 30_000,
    });
    expect(byKey.legacy).toMatchObject({ transport: { type: "sse" }, timeoutMs: 5000 });
    expect(byKey.files).toMatchObject({
      transport: { type: "stdio", command: "npx", args: ["-y", "server-files", "/home/me"], env: { KEY: "s3" }, cwd: path.join(folders.cwd, "tools") },
      display: "npx -y server-files ${HOME_DIR}",
    });
    expect(byKey.inferred?.transport.type).toBe("http");
    expect(byKey.gemini).toMatchObject({ transport: { type: "http", url: "https://gemini.example/mcp" }, includeTools: ["a"], excludeTools: ["b"] });
  });

  it("enabled: false (or disabled: true) leaves the server out but known", async () => {
    await write(userConfigPath(folders.home), JSON.stringify({ mcpServers: { off: { url: "nope", enabled: false }, off2: { command: "x", disabled: true } } }));
    expect(await load()).toMatchObject({ servers: [], disabled: ["off", "off2"], warnings: [] });
  });

  it("warns about each invalid entry with file, line and field, and keeps the others", async () => {
    const file = userConfigPath(folders.home);
    await write(
      file,
      [
        "{",
        '  "mcpServers": {',
        '    "ok": { "url": "https://ok.example/mcp" },',
        '    "bad key": { "url": "https://x.example" },',
        '    "a__b": { "url": "https://x.example" },',
        '    "ftp": { "url": "ftp://files.example" },',
        '    "typo": { "type": "websocket", "url": "https://x.example" },',
        '    "nothing": { "timeout": 3 },',
        '    "both": { "command": "x", "url": "https://x.example" },',
        '    "headers": { "url": "https://x.example", "headers": { "X": 1 } },',
        '    "zero": { "url": "https://x.example", "timeout": 0 },',
        '    "list": "https://x.example"',
        "  }",
        "}",
      ].join("\n"),
    );
    const config = await load();
    expect(config.servers.map((server) => server.key)).toEqual(["ok"]);
    expect(config.warnings).toEqual([
      `${file}:4: server "bad key" ignored: a server name is made of letters, digits, _ and - (no __, not ending with _), at most 49 characters`,
      `${file}:5: server "a__b" ignored: a server name is made of letters, digits, _ and - (no __, not ending with _), at most 49 characters`,
      `${file}:6: server "ftp" ignored: "url" must be an http:// or https:// address, not "ftp://files.example"`,
      `${file}:7: server "typo" ignored: "type" must be one of "stdio", "http", "sse", "streamable-http", "streamableHttp", "streamable_http"`,
      `${file}:8: server "nothing" ignored: it has neither "command" (a program to start, stdio) nor "url" (an http(s) server)`,
      `${file}:9: server "both" ignored: it has both "command" and "url": set "type" to "stdio", "http" or "sse"`,
      `${file}:10: server "headers" ignored: "headers.X" must be a string`,
      `${file}:11: server "zero" ignored: "timeout" must be a number of seconds greater than 0`,
      `${file}:12: server "list" ignored: its entry must be an object such as {"command": "…"} or {"url": "…"}`,
    ]);
  });

  it("reports the line and column of a JSON syntax error, without quoting the file", async () => {
    const file = userConfigPath(folders.home);
    await write(file, '{\n  "mcpServers": {\n    "a": { "url": "https://x", "headers": { "Authorization": "Bearer secret" } }\n  },\n}\n');
    const config = await load();
    expect(config.servers).toEqual([]);
    expect(config.warnings).toEqual([`${file}: not valid JSON (line 5, column 1): unexpected character "}"; its MCP servers are ignored`]);
  });

  it("warns about unknown keys, with a guess for a typo, and still loads the entry", async () => {
    const file = userConfigPath(folders.home);
    await write(file, '{\n  "mcpservers": {},\n  "mcpServers": {\n    "a": {\n      "url": "https://x.example",\n      "exludeTools": ["x"],\n      "trust": true\n    }\n  }\n}');
    const config = await load();
    expect(config.servers.map((server) => server.key)).toEqual(["a"]);
    expect(config.warnings).toEqual([
      `${file}:2: unknown key "mcpservers" (ignored); servers go under "mcpServers"`,
      `${file}:6: server "a": unknown field "exludeTools" (ignored); did you mean "excludeTools"?`,
      `${file}:7: server "a": unknown field "trust" (ignored)`,
    ]);
  });

  it("does not load a server with a variable that is not set, naming the file, the server, the field and the variable", async () => {
    const file = userConfigPath(folders.home);
    await write(file, JSON.stringify({ mcpServers: { a: { url: "https://x.example/mcp", headers: { Authorization: "Bearer ${NO_SUCH_TOKEN}" } }, b: { url: "https://y.example/mcp" } } }));
    const config = await load();
    // Never connected with a half-built credential: the server is left out whole; the others load.
    expect(config.servers.map((server) => server.key)).toEqual(["b"]);
    expect(config.warnings).toEqual([
      `${file}:1: server "a" not loaded: headers.Authorization uses \${NO_SUCH_TOKEN}, which is not set; set it, or write \${NO_SUCH_TOKEN:-…} for a default`,
    ]);
  });

  it("an unset variable in a url, a command, its args, its env or its cwd: that server is not loaded, each reference named", async () => {
    const file = userConfigPath(folders.home);
    await write(
      file,
      JSON.stringify(
        {
          mcpServers: {
            remote: { url: "https://${MCP_HOST}/mcp" },
            local: { command: "${TOOLS}/server", args: ["--root", "${ROOT}"], env: { KEY: "${API_SECRET}" }, cwd: "${WORK}" },
            fine: { command: "node", args: ["${SET:-default}", "${EMPTY}"] },
          },
        },
        null,
        2,
      ),
    );
    const config = await load({ EMPTY: "" });
    expect(config.servers.map((server) => server.key)).toEqual(["fine"]);
    expect(config.warnings).toEqual([
      `${file}:4: server "remote" not loaded: url uses \${MCP_HOST}, which is not set; set it, or write \${MCP_HOST:-…} for a default`,
      `${file}:7: server "local" not loaded: command uses \${TOOLS}, which is not set; set it, or write \${TOOLS:-…} for a default`,
      `${file}:8: server "local" not loaded: args[1] uses \${ROOT}, which is not set; set it, or write \${ROOT:-…} for a default`,
      `${file}:12: server "local" not loaded: env.KEY uses \${API_SECRET}, which is not set; set it, or write \${API_SECRET:-…} for a default`,
      `${file}:15: server "local" not loaded: cwd uses \${WORK}, which is not set; set it, or write \${WORK:-…} for a default`,
    ]);
  });

  it("never prints a header value or an expanded url in a warning", async () => {
    await write(userConfigPath(folders.home), JSON.stringify({ mcpServers: { a: { url: "${URL}" } } }));
    const config = await load({ URL: "ftp://user:hunter2@host" });
    expect(config.warnings.join("\n")).not.toContain("hunter2");
    expect(config.warnings[0]).toContain('not "${URL}"');
  });

  it("takes a timeout that looks like milliseconds (Gemini CLI's unit) as such, and says so", async () => {
    const file = userConfigPath(folders.home);
    await write(file, JSON.stringify({ mcpServers: { a: { url: "https://x.example", timeout: 60000 } } }));
    const config = await load();
    expect(config.servers[0]?.timeoutMs).toBe(60_000);
    expect(config.warnings).toEqual([`${file}:1: server "a": "timeout" is in seconds; 60000 looks like milliseconds, taken as 60 s`]);
  });

  it("speaks French when the locale is French", async () => {
    const file = userConfigPath(folders.home);
    await write(file, JSON.stringify({ mcpServers: { a: { command: "x", url: "https://x.example" } } }));
    setActiveLocale("fr");
    try {
      expect((await load()).warnings).toEqual([
        `${file}:1 : serveur « a » ignoré : il a à la fois « command » et « url » : précisez « type » (« stdio », « http » ou « sse »)`,
      ]);
    } finally {
      setActiveLocale("en");
    }
  });

  it("an unreadable file is a warning, not a crash", async () => {
    await mkdir(userConfigPath(folders.home), { recursive: true });
    const config = await load();
    expect(config.warnings[0]).toMatch(/mcp\.json: cannot be read \(.*EISDIR.*\); its MCP servers are ignored$/);
  });
});

describe("the project's .maia/mcp.json (beyond seed § 22.1)", () => {
  it("is read too, marked as project, with the hash of its content", async () => {
    await write(projectConfigPath(folders.cwd), JSON.stringify({ mcpServers: { local: { command: "node", args: ["server.js"] } } }));
    const config = await load();
    expect(config.servers).toMatchObject([{ key: "local", origin: "project", file: projectConfigPath(folders.cwd) }]);
    expect(config.files.find((file) => file.origin === "project")).toMatchObject({ found: true, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("cannot redefine a server of the user's file", async () => {
    await write(userConfigPath(folders.home), JSON.stringify({ mcpServers: { github: { url: "https://good.example/mcp" } } }));
    await write(projectConfigPath(folders.cwd), JSON.stringify({ mcpServers: { github: { command: "evil" } } }));
    const config = await load();
    expect(config.servers).toMatchObject([{ key: "github", origin: "user", display: "https://good.example/mcp" }]);
    expect(config.warnings).toEqual([`${projectConfigPath(folders.cwd)}:1: server "github" ignored: ${userConfigPath(folders.home)} already defines it (the user's entry wins)`]);
  });

  it("launched from the home folder, the file is read once, as the user's", async () => {
    await write(userConfigPath(folders.home), JSON.stringify({ mcpServers: { a: { url: "https://x.example" } } }));
    const config = await load({}, folders.home);
    expect(config.servers).toMatchObject([{ key: "a", origin: "user" }]);
    expect(config.files).toHaveLength(1);
  });
});

describe("Claude Code's MCP files (issue 36): .mcp.json, ~/.claude.json", () => {
  it("reads .mcp.json as a project file with ${VAR:-default}, and ~/.claude.json's user and local scopes as the user's", async () => {
    await write(
      path.join(folders.cwd, ".mcp.json"),
      JSON.stringify({ mcpServers: { api: { type: "http", url: "${API_BASE_URL:-https://api.example.com}/mcp", headers: { Authorization: "Bearer ${API_KEY}" } }, tools: { command: "node", args: ["server.js"] } } }),
    );
    await write(
      path.join(folders.home, ".claude.json"),
      JSON.stringify({
        numStartups: 12,
        mcpServers: { hubspot: { type: "http", url: "https://mcp.hubspot.com/anthropic" } },
        projects: { [path.resolve(folders.cwd)]: { mcpServers: { stripe: { type: "http", url: "https://mcp.stripe.com" } } }, "/elsewhere": { mcpServers: { other: { url: "https://o.example" } } } },
      }),
    );
    const config = await load({ API_KEY: "k" });
    expect(config.warnings).toEqual([]);
    expect(config.servers.map((server) => [server.key, server.origin, server.format, server.display])).toEqual([
      ["stripe", "user", "claude", "https://mcp.stripe.com"],
      ["hubspot", "user", "claude", "https://mcp.hubspot.com/anthropic"],
      ["api", "project", "claude", "${API_BASE_URL:-https://api.example.com}/mcp"],
      ["tools", "project", "claude", "node server.js"],
    ]);
    expect(config.servers.find((server) => server.key === "api")?.transport).toMatchObject({ url: "https://api.example.com/mcp", headers: { Authorization: "Bearer k" } });
    expect(config.files.map((file) => [path.basename(file.path), file.origin, file.format])).toEqual([
      [".claude.json", "user", "claude"],
      [".claude.json", "user", "claude"],
      [".mcp.json", "project", "claude"],
    ]);
  });

  it("a project file cannot replace a user's server, and an unset variable without default leaves the server out, named", async () => {
    await write(userConfigPath(folders.home), JSON.stringify({ mcpServers: { github: { url: "https://mine.example/mcp" } } }));
    await write(path.join(folders.cwd, ".mcp.json"), '{\n  "mcpServers": {\n    "github": { "url": "https://theirs.example/mcp" },\n    "db": { "url": "${DB_URL}" }\n  }\n}\n');
    const config = await load();
    expect(config.servers.map((server) => [server.key, server.display])).toEqual([["github", "https://mine.example/mcp"]]);
    expect(config.warnings).toHaveLength(2);
    expect(config.warnings[0]).toContain(`${path.join(folders.cwd, ".mcp.json")}:4`);
    expect(config.warnings[0]).toContain("${DB_URL}");
    expect(config.warnings[1]).toContain(`${path.join(folders.cwd, ".mcp.json")}:3: server "github" ignored`);
  });
});

describe('"toolSearch": when MCP tools are deferred behind ToolSearch', () => {
  it("is read from the user's file, the project's .maia/mcp.json winning; Claude Code's files do not have it", async () => {
    await write(userConfigPath(folders.home), JSON.stringify({ toolSearch: "never", mcpServers: {} }));
    expect(await load()).toMatchObject({ toolSearch: { kind: "never" }, warnings: [] });
    await write(projectConfigPath(folders.cwd), JSON.stringify({ toolSearch: "auto:25" }));
    expect(await load()).toMatchObject({ toolSearch: { kind: "auto", percent: 25 }, warnings: [] });
    await write(path.join(folders.cwd, ".mcp.json"), JSON.stringify({ toolSearch: false, mcpServers: {} }));
    const config = await load();
    expect(config.toolSearch).toEqual({ kind: "auto", percent: 25 });
    expect(config.warnings).toEqual([`${path.join(folders.cwd, ".mcp.json")}:1: unknown key "toolSearch" (ignored); servers go under "mcpServers"`]);
  });

  it("a value MAIA does not know is a warning with its line, and the default stays", async () => {
    await write(userConfigPath(folders.home), '{\n  "mcpServers": {},\n  "toolSearch": "auto:150"\n}\n');
    const config = await load();
    expect(config.toolSearch).toBeUndefined();
    expect(config.warnings).toEqual([
      `${userConfigPath(folders.home)}:3: "toolSearch" must be "auto", "auto:N" (N from 0 to 100, a percentage of the context), "always", "never", true or false; the default "auto" is kept`,
    ]);
  });
});
