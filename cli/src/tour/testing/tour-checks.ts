import path from "node:path";
import type { ChatBody } from "@maia/fake-litellm";
import { expect } from "vitest";
import { NEXT_PROMPT, SCRATCH_PROMPT, TOUR_CALL_IDS, TOUR_REQUESTS, TOUR_USAGE, type TourModel } from "./tour-model.ts";
import { SCOUT, SKILL, TOUR_MODEL, type TourProject } from "./tour-project.ts";

// What each front end's tour checks the same way: what the model received, read from the requests the fake
// LiteLLM server recorded (the tool messages of the request after each call, the request /compact sent…).

/** The tool results a list of requests carried, by tool call id. */
export function toolResults(bodies: readonly ChatBody[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const body of bodies) {
    for (const message of body.messages ?? []) {
      if (message.role !== "tool" || typeof message.tool_call_id !== "string") continue;
      found.set(message.tool_call_id, typeof message.content === "string" ? message.content : JSON.stringify(message.content));
    }
  }
  return found;
}

/** The text of a request's last user message. */
export function lastUserText(body: ChatBody | undefined): string {
  const message = [...(body?.messages ?? [])].reverse().find((entry) => entry.role === "user");
  const content = message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? "").join("");
  return "";
}

/** What the model received for each call of the tour, and what the sub-agent received for its own WebFetch. */
export function expectTourReceived(model: TourModel, project: TourProject): void {
  const results = toolResults(model.mainBodies());
  const result = (id: string) => results.get(id);
  expect([...results.keys()].sort()).toEqual([...TOUR_CALL_IDS].sort());
  expect(result("t-glob")).toBe("src/main.ts");
  expect(result("t-grep")).toBe("src/main.ts:2:  return 42;");
  expect(result("t-read")).toBe("     2\t  return 42;\n\n[Lines 2–2 of 3. To read more, call Read with offset=3.]");
  expect(result("t-todo")).toBe("▶ Touring the tools\n\n1 task: 0 done, 1 in progress, 0 pending.");
  expect(result("t-model")).toBe(`The active model is ${TOUR_MODEL}.`);
  const page = result("t-fetch") ?? "";
  expect(page).toContain(`URL: ${project.guideUrl}\nType: text/html (converted to Markdown)\nTitle: Install guide\n`);
  expect(page).toContain("# Install\n\n- npm ci\n- npm test");
  expect(page).not.toContain("stealCookies");
  expect(result("t-skill")).toBe(`Skill "${SKILL}" (folder ${path.join(project.cwd, ".maia", "skills", SKILL)}):\n\nWrite a haiku about the sea.`);
  expect(result("t-mcp")).toBe("Echo: hello MCP");
  expect(result("t-add")).toBe("5");
  expect(result("t-agent")).toBe(`Sub-agent "${SCOUT}" summary:\n\n1.2.0: faster start-up.`);
  expect(result("t-write")).toBe("Created out/notes.md (3 lines, 21 B).");
  expect(result("t-edit")).toBe("Edited out/notes.md (one replacement at line 3). The lines around it now read:\n     1\t# Notes\n     2\t\n     3\tfinal text");
  expect(result("t-bash")).toBe("# Notes\n\nfinal text\n[exit code: 0]");

  // The sub-agent's own call, in its own process (print.cjs --subagent): what its model received.
  const scout = toolResults(model.scoutBodies()).get("s-fetch") ?? "";
  expect(scout).toContain("Title: Changelog");
  expect(scout).toContain("## 1.2.0\n\nFaster **start-up**.");
  expect(project.pages.hits).toEqual(expect.arrayContaining(["/guide.html", "/changelog.html"]));
}

/** The line of /usage after the tour (the sub-agent's requests, from its own process, are not counted). */
export const USAGE_ROW = `${TOUR_MODEL}: ${(TOUR_USAGE.prompt_tokens * TOUR_REQUESTS).toLocaleString("en-US")} in · ${TOUR_USAGE.completion_tokens * TOUR_REQUESTS} out · model calls: ${TOUR_REQUESTS}`;
/** The context line of /usage, counted locally against the 200k of /model/info. */
export const USAGE_CONTEXT = /Context now \(counted here, o200k_base\): [\d.]+k? \/ 200k · \d+%/;

/** The request /compact sent: it asks for the summary of the conversation, the tour's results included. */
export function expectSummaryRequest(body: ChatBody | undefined): void {
  expect(lastUserText(body)).toMatch(/^Make a compacted summary of our exchanges\./);
  expect(JSON.stringify(body?.messages)).toContain("Echo: hello MCP");
}

/** A request after /compact: the summary is its starting context, the tour's exchanges are gone. */
export function expectStartsFromSummary(body: ChatBody | undefined): void {
  const sent = JSON.stringify(body?.messages);
  expect(lastUserText(body)).toBe(NEXT_PROMPT);
  expect(sent).toContain("out/notes.md reads final text.");
  expect(sent).not.toContain("Echo: hello MCP");
  expect(sent).not.toContain("t-glob");
}

/** The request after /undo: the scratch turn is out of the conversation, which starts from the summary. */
export function expectWentBack(body: ChatBody | undefined): void {
  const sent = JSON.stringify(body?.messages);
  expect(sent).not.toContain(SCRATCH_PROMPT);
  expect(sent).not.toContain("u-write");
  expectStartsFromSummary(body);
}
