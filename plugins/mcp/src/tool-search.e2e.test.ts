import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia, tempFolder } from "@maia/testing-maia";
import { testServer } from "./testing/servers.ts";

/**
 * MCP tool search through the built bundle (`maia -p`): a real stdio server on the official SDK offering 300
 * tools of the size real servers send (fixtures/test-server.mjs --many 300, some 50,000 tokens of definitions),
 * the fake LiteLLM server playing a model whose context is 200,000 tokens. Past 10 % of it, the tools leave the
 * request: the model sees ToolSearch and their names, searches (what it finds is sent from the next request on),
 * then calls one; a deferred tool called without a search is bound through `resolveTool`. Both run under the same
 * permission rules as any MCP tool.
 */
const probeHome = await tempFolder("maia-home-");
const listed = await runMaia(["plugins", "list", "--json"], { cwd: probeHome, home: probeHome });
const active = (JSON.parse(listed.stdout || "[]") as Array<{ name: string; state: string }>).filter((plugin) => plugin.state === "active");
const withPermissions = active.some((plugin) => plugin.name === "permissions");

const bed = maiaPerTest(() => startFakeLiteLLM());

const maia = (prompt: string, ...flags: string[]) =>
  runMaia(["-p", prompt, "--model", "fake-model", "--output-format", "json", ...flags], { ...bed, timeoutMs: 60_000 });

interface SentTool {
  function: { name: string; description: string; parameters: unknown };
}
const toolsOf = (body: unknown) => (body as { tools?: SentTool[] }).tools ?? [];
const toolMessages = (body: unknown) =>
  ((body as { messages: Array<{ role: string; content: string }> }).messages ?? []).filter((message) => message.role === "tool").map((message) => message.content);

async function writeConfig(extra: Record<string, unknown> = {}, contextWindow = 200_000): Promise<void> {
  bed.server.writeSettings(bed.home, { ContextWindow: contextWindow });
  const file = path.join(bed.home, ".maia", "mcp.json");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ mcpServers: { many: testServer("--many", "300") }, ...extra }, null, 2));
}

describe.skipIf(!withPermissions)("300 MCP tools: deferred behind ToolSearch, bound through resolveTool", () => {
  it("the request stays small; the model searches, calls a deferred tool, and reads its result", async () => {
    await writeConfig();
    bed.server.enqueue(
      { toolCalls: [{ id: "s1", name: "ToolSearch", arguments: { query: "create invoice", max_results: 3 } }] },
      { toolCalls: [{ id: "c1", name: "mcp__many__create_invoice", arguments: { invoice_id: "INV-7", note: "paid by card" } }] },
      { text: "Invoice INV-7 created." },
    );
    const run = await maia("create invoice INV-7", "--allow", "Mcp(many)");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: "Invoice INV-7 created.", toolCalls: 2 });
    const bodies = bed.server.chatBodies();
    expect(bodies).toHaveLength(3);

    // First request: no MCP definition at all, ToolSearch naming the 309 tools (300 + the fixture's own 9).
    const first = toolsOf(bodies[0]);
    expect(first.filter((tool) => tool.function.name.startsWith("mcp__"))).toEqual([]);
    const search = first.find((tool) => tool.function.name === "ToolSearch");
    expect(search?.function.description).toContain("309 tools");
    expect(search?.function.description).toContain("mcp__many__create_invoice");
    expect(search?.function.description).toContain("mcp__many__watch_calendar");
    // Names only: its whole definition is a small fraction of the 200,000-character definitions it stands for.
    expect(JSON.stringify(search).length).toBeLessThan(20_000);

    // The search's answer: the best match first, with the schema the model needs to call it.
    const [found] = toolMessages(bodies[1]);
    expect(found).toContain('3 deferred tools match "create invoice"');
    expect(found?.indexOf("mcp__many__create_invoice")).toBe(found?.indexOf("mcp__many__"));
    expect(found).toContain('"invoice_id":{"type":"string"');

    // From then on the request carries the three tools found, whole, and nothing else of the 309.
    const loaded = (body: unknown) => toolsOf(body).filter((tool) => tool.function.name.startsWith("mcp__"));
    expect(loaded(bodies[1]).map((tool) => tool.function.name)).toHaveLength(3);
    expect(loaded(bodies[1]).map((tool) => tool.function.name)).toContain("mcp__many__create_invoice");
    expect(loaded(bodies[2])).toEqual(loaded(bodies[1]));
    // The deferred tool ran on the server with the model's input, and its result reached the model.
    expect(toolMessages(bodies[2])).toEqual([found, 'create_invoice done: {"invoice_id":"INV-7","note":"paid by card"}']);
  });

  it("a deferred tool called without a search is bound through resolveTool and obeys the permission rules", async () => {
    await writeConfig();
    bed.server.enqueue(
      { toolCalls: [{ id: "c1", name: "mcp__many__delete_invoice", arguments: { invoice_id: "INV-7" } }] },
      { toolCalls: [{ id: "c2", name: "mcp__many__list_invoice", arguments: { invoice_id: "INV-7" } }] },
      { text: "done" },
    );
    const run = await maia("delete then list", "--allow", "Mcp(many,list_*)");
    expect(run.code).toBe(0);
    const bodies = bed.server.chatBodies();
    // The same refusal as for an MCP tool offered up front: asked by default, nobody to answer in -p.
    expect(toolMessages(bodies[1])).toEqual([
      "Action refused: it needs the user's confirmation and nobody can answer here (non-interactive mode). Do not retry it; the user can allow it with --allow 'mcp__many__delete_invoice'.",
    ]);
    expect(toolMessages(bodies[2])[1]).toBe('list_invoice done: {"invoice_id":"INV-7"}');
  });

  /** One request under this setting and context size: every definition of the 309 tools is in it, no ToolSearch. */
  async function expectAllSent(extra: Record<string, unknown>, contextWindow?: number): Promise<void> {
    await writeConfig(extra, contextWindow);
    bed.server.enqueue({ text: "ok" });
    const run = await maia("hi", "--allow", "Mcp(many)");
    expect(run.code).toBe(0);
    const first = toolsOf(bed.server.chatBodies()[0]);
    expect(first.filter((tool) => tool.function.name.startsWith("mcp__many__"))).toHaveLength(309);
    expect(first.some((tool) => tool.function.name === "ToolSearch")).toBe(false);
  }

  it("the limit is a share of the model's context: with 1,000,000 tokens the same 300 tools fit and are sent", async () => {
    await expectAllSent({}, 1_000_000);
  });

  it('"toolSearch": "never" in mcp.json sends every definition, as before', async () => {
    await expectAllSent({ toolSearch: "never" });
  });
});
