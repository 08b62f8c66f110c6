import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message } from "@maia/kernel";
import type { SessionsApi } from "@maia/plugin-sessions";
import { createTestKernel } from "@maia/testing-kernel";
// The real sessions plugin and its name rules (through the harness: this package does not depend on it): a trace
// must be a session that plugin lists and loads.
import { firstParty, sessionNames } from "@maia/testing-plugins";
import { tempFolder } from "./testing/agents.ts";
import { traceName, writeTrace } from "./trace.ts";

const messages: Message[] = [
  { role: "user", content: [{ type: "text", text: "Review src/" }] },
  { role: "assistant", content: [{ type: "text", text: "All good." }] },
];

describe("sub-agent traces (seed § 20.5)", () => {
  it("names them {parent}-{agent}, then _2, _3…", () => {
    expect(traceName("session_2025-01-02_10_00_00", "reviewer")).toBe("session_2025-01-02_10_00_00-reviewer");
    expect(traceName("work", "reviewer", 2)).toBe("work-reviewer_2");
    expect(traceName("work", "v1.", 1)).toBe("work-v1_");
    expect([...traceName("p".repeat(99), "agent", 12)].length).toBe(100);
  });

  it("always makes a name the sessions plugin accepts", () => {
    const agentName = fc.stringMatching(/^[\p{L}\p{N}_.-]{1,64}$/u).filter((name) => !name.startsWith("."));
    const parent = fc.string({ minLength: 1, maxLength: 100 }).map(sessionNames.normalize).filter((name) => sessionNames.problem(name) === undefined);
    fc.assert(
      fc.property(parent, agentName, fc.integer({ min: 1, max: 10_000 }), (parentName, agent, attempt) => {
        expect(sessionNames.problem(traceName(parentName, agent, attempt))).toBeUndefined();
      }),
    );
  });

  it("writes a session file /load lists as the agent's, never replacing one", async () => {
    const cwd = await tempFolder("trace");
    const input = { cwd, parentSession: "work", agent: "reviewer", model: "litellm:m", messages, startedAt: new Date(1000), endedAt: new Date(5000) };
    expect(await writeTrace(input)).toBe("work-reviewer");
    expect(await writeTrace({ ...input, messages: messages.slice(0, 1) })).toBe("work-reviewer_2");
    // The sessions plugin of a kernel launched in that folder, as /load would see it.
    const { kernel } = await createTestKernel([await firstParty("sessions")], { cwd });
    const store = kernel.plugins.get<SessionsApi>("sessions")!.api!;
    const { sessions, problems } = await store.list();
    expect(problems).toEqual([]);
    expect(sessions.map((entry) => [entry.name, entry.agent, entry.messageCount]).sort()).toEqual([
      ["work-reviewer", "reviewer", 2],
      ["work-reviewer_2", "reviewer", 1],
    ]);
    const saved = await store.openForResume("work-reviewer");
    expect(saved).toMatchObject({ name: "work-reviewer", agent: "reviewer", parentSession: "work", model: "litellm:m", cwd, messages });
    expect(saved.createdAt).toBe(new Date(1000).toISOString());
    expect((await readdir(path.join(cwd, ".maia", ".sessions"))).sort()).toEqual(["work-reviewer.json", "work-reviewer_2.json"]);
    expect(JSON.parse(await readFile(path.join(cwd, ".maia", ".sessions", "work-reviewer.json"), "utf8")).version).toBe(1);
  });
});
