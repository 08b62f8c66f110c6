import fc from "fast-check";
import { parse } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { addAgentEntry, uniqueName, type NewAgentEntry } from "./add-agent-text.ts";

const GEMINI: NewAgentEntry = { name: "gemini", title: "Gemini CLI", icon: "♊", description: "Gemini CLI in ACP mode", command: "gemini", args: ["--experimental-acp"] };

describe("addAgentEntry", () => {
  it("appends the entry after the last agent, its comments and layout untouched", () => {
    const text = `// My hub
{
  // the agents
  "agents": [
    { "name": "maia", "command": "maia", "args": ["acp"] }, // the first one
  ],
  "theme": "dark", /* kept */
}
`;
    const added = addAgentEntry(text, GEMINI);
    expect(added).toEqual({
      ok: true,
      name: "gemini",
      text: `// My hub
{
  // the agents
  "agents": [
    { "name": "maia", "command": "maia", "args": ["acp"] }, // the first one
    {
      "name": "gemini",
      "title": "Gemini CLI",
      "icon": "♊",
      "description": "Gemini CLI in ACP mode",
      "command": "gemini",
      "args": ["--experimental-acp"]
    },
  ],
  "theme": "dark", /* kept */
}
`,
    });
  });

  it("names it apart from the agents already there, adds a comma where there was none, and makes the list when missing", () => {
    const text = `{\n  "agents": [\n    { "name": "gemini", "command": "x" }\n  ]\n}\n`;
    const added = addAgentEntry(text, GEMINI);
    expect(added.ok && added.name).toBe("gemini-2");
    expect(added.ok && parse(added.text)).toEqual({ agents: [{ name: "gemini", command: "x" }, { ...GEMINI, name: "gemini-2" }] });
    const none = addAgentEntry(`{ "theme": "dark" }`, GEMINI);
    expect(none.ok && parse(none.text)).toEqual({ theme: "dark", agents: [GEMINI] });
    const empty = addAgentEntry(`{\n  "agents": []\n}`, GEMINI);
    expect(empty.ok && parse(empty.text)).toEqual({ agents: [GEMINI] });
    expect(addAgentEntry(`{ "agents": 3 }`, GEMINI)).toEqual({ ok: false, reason: "agents-not-a-list" });
    expect(addAgentEntry(`{ "agents": [`, GEMINI)).toEqual({ ok: false, reason: "invalid" });
  });

  it("keeps every valid list valid, with the new agent last and the others as they were", () => {
    const agent = fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/), command: fc.string({ maxLength: 5 }) });
    fc.assert(
      fc.property(fc.array(agent, { maxLength: 5 }), fc.constantFrom(0, 2, 4), fc.boolean(), (agents, indent, trailingComma) => {
        let text = JSON.stringify({ agents }, null, indent || undefined);
        // The list's own end, at the end of the text: a command may hold `}]` too.
        if (trailingComma && agents.length > 0) text = text.replace(/\}(\s*)\](\s*)\}$/, "},$1]$2}");
        const added = addAgentEntry(text, GEMINI);
        if (!added.ok) return false;
        const value = parse(added.text, [], { allowTrailingComma: true }) as { agents: Array<{ name: string }> };
        const names = agents.map((entry) => entry.name);
        return (
          JSON.stringify(value.agents.slice(0, -1)) === JSON.stringify(agents) &&
          value.agents.at(-1)?.name === uniqueName("gemini", names) &&
          !names.includes(added.name)
        );
      }),
    );
  });
});
