import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
// The CLI's own helper to run the built bundle (`pnpm build` first; `pnpm test` does it).
import { runMaia, tempFolder } from "@maia/testing-maia";

const SUMMARY = "## Project context\n- a parser\n## Next steps\n- answer the question";

describe("maia -p recovers from a context the server refuses (end to end, real process)", () => {
  it("compacts, retries once with a resume instruction, and ends with the right answer", async () => {
    const server = await startFakeLiteLLM({
      script: [
        { text: "The parser is in src/parser.ts." },
        {
          error: {
            status: 400,
            body: { error: { message: "prompt is too long: 210000 tokens > 200000 maximum", type: "invalid_request_error" } },
          },
        },
        { text: SUMMARY },
        { text: "It is in src/parser.ts." },
      ],
    });
    try {
      const cwd = await tempFolder("maia-e2e-cwd-");
      const home = await tempFolder("maia-e2e-home-");
      server.writeSettings(home);
      const first = await runMaia(["-p", "Where is the parser?", "--model", "fake-model", "--output-format", "json"], { cwd, home });
      const { sessionName } = JSON.parse(first.stdout) as { sessionName: string };

      const run = await runMaia(["-p", "Remind me where it is", "--model", "fake-model", "--output-format", "json", "--continue"], { cwd, home });
      expect(run.code).toBe(0);
      expect(run.stderr).toContain("WARN The server refused the context as too long: emergency compaction, then the request is sent again.");
      expect(JSON.parse(run.stdout)).toMatchObject({ result: "It is in src/parser.ts.", sessionName: `${sessionName}__1` });

      const bodies = server.chatBodies() as Array<{ messages: Array<{ role: string; content: string }> }>;
      expect(bodies).toHaveLength(4);
      expect(bodies[2]?.messages.at(-1)?.content).toMatch(/^Make a compacted summary of our exchanges\./);
      const retried = bodies[3];
      expect(retried?.messages[0]?.content).toContain(SUMMARY);
      expect(retried?.messages.at(-1)?.content).toMatch(/^\[The conversation was compacted.*\]\n\nRemind me where it is$/s);

      const sessions = join(cwd, ".maia", ".sessions");
      expect(JSON.parse(await readFile(join(sessions, `${sessionName}.json`), "utf8")).messages).toHaveLength(2);
      const compacted = JSON.parse(await readFile(join(sessions, `${sessionName}__1.json`), "utf8"));
      expect(compacted.startContext).toBe(SUMMARY);
      expect(compacted.messages).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
