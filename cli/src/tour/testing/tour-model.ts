import type { ChatBody, FakeLiteLLM, FakeToolCall, Scripted } from "@maia/fake-litellm";
// The sub-agent's requests are told apart by its system prompt (the subagents plugin's test helper, by path).
import { subAgentOf } from "@maia/plugin-subagents/testing";
import { SCOUT, SKILL, type TourProject } from "./tour-project.ts";

/**
 * The model's side of a tour, played by the fake LiteLLM server: two queues of answers, one for the main agent
 * and one for the scout sub-agent (its own process, its own requests), each request served from its asker's
 * queue. A request with nothing left to answer gets an HTTP 500 that names the asker, so a tour that goes off
 * script fails loudly.
 */
export class TourModel {
  readonly main: Scripted[] = [];
  readonly scout: Scripted[] = [];
  readonly #server: FakeLiteLLM;

  constructor(server: FakeLiteLLM) {
    this.#server = server;
    const answer = (body: ChatBody): Scripted => {
      const agent = subAgentOf(body);
      const queue = agent === undefined ? this.main : agent === SCOUT ? this.scout : undefined;
      return queue?.shift() ?? { error: { status: 500, body: `tour: no scripted answer left for ${agent ?? "the main agent"}` } };
    };
    for (let index = 0; index < 60; index += 1) server.enqueue(answer);
  }

  /** The main agent's requests, in order (the sub-agent's left out). */
  mainBodies(): ChatBody[] {
    return this.#server.chatBodies().filter((body) => subAgentOf(body) === undefined);
  }

  scoutBodies(): ChatBody[] {
    return this.#server.chatBodies().filter((body) => subAgentOf(body) === SCOUT);
  }

  /** The last request the main agent sent. */
  lastMain(): ChatBody | undefined {
    return this.mainBodies().at(-1);
  }
}

/** The tour's calls, one per tool: the id of each call and the tool it calls. */
export const TOUR_CALLS = {
  "t-glob": "Glob",
  "t-grep": "Grep",
  "t-read": "Read",
  "t-todo": "TodoWrite",
  "t-model": "CurrentModel",
  "t-fetch": "WebFetch",
  "t-skill": "Skill",
  "t-mcp": "mcp__everything__echo",
  "t-add": "Addition",
  "t-agent": "Agent",
  "t-write": "Write",
  "t-edit": "Edit",
  "t-bash": "Bash",
} as const;
export type TourCallId = keyof typeof TOUR_CALLS;
export const TOUR_CALL_IDS = Object.keys(TOUR_CALLS) as TourCallId[];

const call = (id: TourCallId, args: Record<string, unknown>): FakeToolCall => ({ id, name: TOUR_CALLS[id], arguments: args });

/** The tour's own file, written then edited, then shown by Bash. */
export const NOTES = "out/notes.md";
/** What the provider reports for each of the tour's requests, so that /usage has a known total. */
export const TOUR_USAGE = { prompt_tokens: 1500, completion_tokens: 25 };
/** The main agent's requests of the tour: the parallel calls, Edit, Bash, the closing text. */
export const TOUR_REQUESTS = 4;

/**
 * The tour itself, queued as the model's answers to one request of the user: first every tool that reads or
 * reaches out (in one answer, run in parallel as a model's would be), the Agent call among them, then Write, Edit
 * and Bash one after the other, then the closing text. The scout fetches the changelog page with its own
 * WebFetch and answers its summary.
 */
export function queueTour(model: TourModel, project: TourProject): void {
  const answers: Scripted[] = [
    {
      toolCalls: [
        call("t-glob", { pattern: "src/**/*.ts" }),
        call("t-grep", { pattern: "return \\d+", path: "src", output_mode: "content" }),
        call("t-read", { path: "src/main.ts", offset: 2, limit: 1 }),
        call("t-todo", { todos: [{ content: "Tour the tools", status: "in_progress", activeForm: "Touring the tools" }] }),
        call("t-model", {}),
        call("t-fetch", { url: project.guideUrl, prompt: "How do I install it?" }),
        call("t-skill", { name: SKILL, arguments: "the sea" }),
        call("t-mcp", { message: "hello MCP" }),
        call("t-add", { param1: 2, param2: 3 }),
        call("t-agent", { agent: SCOUT, task: `Read ${project.changelogUrl}` }),
        call("t-write", { path: NOTES, content: "# Notes\n\nfirst draft\n" }),
      ],
    },
    { toolCalls: [call("t-edit", { path: NOTES, old_string: "first draft", new_string: "final text" })] },
    { toolCalls: [call("t-bash", { command: `cat ${NOTES}` })] },
    { text: "Tour done." },
  ];
  model.main.push(...answers.map((answer) => ({ ...answer, usage: TOUR_USAGE })));
  model.scout.push(
    { toolCalls: [{ id: "s-fetch", name: "WebFetch", arguments: { url: project.changelogUrl, prompt: "What changed?" } }] },
    { text: "1.2.0: faster start-up." },
  );
}

/** The summary the model writes when /compact asks for one. */
export const SUMMARY = "## Project context\n- The tour called every tool; out/notes.md reads final text.";

export function queueSummary(model: TourModel): void {
  model.main.push({ text: SUMMARY });
}

/** A short turn after /compact that writes one file, for /undo (the terminal's command) to take back. */
export const SCRATCH = "scratch.txt";
export const SCRATCH_PROMPT = "Write a scratch file";

export function queueScratch(model: TourModel): void {
  model.main.push({ toolCalls: [{ id: "u-write", name: "Write", arguments: { path: SCRATCH, content: "scratch\n" } }] }, { text: "Scratch written." });
}

/** The request after /compact (or after /undo). */
export const NEXT_PROMPT = "What is left?";
export const NEXT_ANSWER = "Only the summary is left.";

export function queueNext(model: TourModel): void {
  model.main.push({ text: NEXT_ANSWER });
}
