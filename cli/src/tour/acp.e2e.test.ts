import { readFile } from "node:fs/promises";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { foreignLines, initialize, startAcp, type AcpProcess } from "../acp/testing/test-client.ts";
import { expectStartsFromSummary, expectSummaryRequest, expectTourReceived, USAGE_CONTEXT, USAGE_ROW } from "./testing/tour-checks.ts";
import { NEXT_ANSWER, NEXT_PROMPT, NOTES, queueNext, queueSummary, queueTour, SUMMARY, TOUR_CALL_IDS, TourModel } from "./testing/tour-model.ts";
import { SKILL, tourProject, type TourProject } from "./testing/tour-project.ts";

// The tour of `maia acp`: the built bundle started as an editor starts it, the official ACP SDK as the client.
let server: FakeLiteLLM;
let project: TourProject;
let agent: AcpProcess | undefined;

beforeEach(async () => {
  server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
  // The editor passes server-everything in session/new, as Zed's settings would: no ~/.maia/mcp.json.
  project = await tourProject(server, { mcpJson: false });
});
afterEach(async () => {
  await agent?.close();
  await project.close();
  await server.close();
});

describe("a tour of maia acp (built bundle, the official ACP SDK as the editor)", () => {
  // /undo and /rewind are the terminal's (docs/checkpoints.md); an editor lists the commands itself, so no /help.
  it("every tool, a sub-agent, MCP from the editor, a custom tool; then /usage and /compact", { timeout: 120_000 }, async () => {
    const model = new TourModel(server);
    agent = startAcp({ cwd: project.cwd, home: project.home });
    const acp = agent;
    await initialize(acp);
    const { sessionId } = await acp.connection.agent.request(methods.agent.session.new, { cwd: project.cwd, mcpServers: [{ name: "everything", ...project.everything, env: [] }] });
    const prompt = async (text: string) => {
      const before = acp.updates(sessionId, "agent_message_chunk").length;
      const answer = await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });
      const said = acp
        .updates(sessionId, "agent_message_chunk")
        .slice(before)
        .map((update) => (update.content.type === "text" ? update.content.text : ""))
        .join("");
      return { stopReason: answer.stopReason, said };
    };

    queueTour(model, project);
    expect(await prompt("Show me around")).toEqual({ stopReason: "end_turn", said: "Tour done." });
    expectTourReceived(model, project);
    // What the editor showed: each call ended completed, nothing was asked, the todo list became a plan.
    const ended = acp.updates(sessionId, "tool_call_update").filter((update) => update.status === "completed" || update.status === "failed");
    expect(Object.fromEntries(ended.map((update) => [update.toolCallId, update.status]))).toEqual(Object.fromEntries(TOUR_CALL_IDS.map((id) => [id, "completed"])));
    expect(acp.permissionRequests).toEqual([]);
    expect(acp.updates(sessionId, "plan").at(-1)?.entries).toEqual([{ content: "Touring the tools", status: "in_progress", priority: "medium" }]);
    expect(await readFile(path.join(project.cwd, NOTES), "utf8")).toBe("# Notes\n\nfinal text\n");
    const commands = acp.updates(sessionId, "available_commands_update").at(-1)?.availableCommands.map((command) => command.name);
    expect(commands).toEqual(expect.arrayContaining(["compact", "usage", SKILL]));

    const usage = await prompt("/usage");
    expect(usage.said).toContain(USAGE_ROW);
    expect(usage.said).toMatch(USAGE_CONTEXT);

    queueSummary(model);
    const compacted = await prompt("/compact");
    expect(compacted.said).toContain(`Summary:\n\n${SUMMARY}`);
    expectSummaryRequest(model.lastMain());

    queueNext(model);
    expect(await prompt(NEXT_PROMPT)).toEqual({ stopReason: "end_turn", said: NEXT_ANSWER });
    expectStartsFromSummary(model.lastMain());
    expect(await acp.close()).toBe(0);
    agent = undefined;
    expect(foreignLines(acp.stdout())).toEqual([]);
  });
});
