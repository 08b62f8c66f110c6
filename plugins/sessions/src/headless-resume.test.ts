import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
// The CLI's own helper to run the built bundle (`pnpm build` first; `pnpm test` does it).
import { runMaia, tempFolder } from "@maia/testing-maia";

describe("maia -p saves its session and resumes it (end to end, real process)", () => {
  it("saves after the request, reports sessionName, and continues it with --resume and --continue", async () => {
    const server = await startFakeLiteLLM({ script: [{ text: "Noted: the parser." }, { text: "We spoke about the parser." }, { text: "Still the parser." }] });
    try {
      const cwd = await tempFolder("maia-e2e-cwd-");
      const home = await tempFolder("maia-e2e-home-");
      server.writeSettings(home);
      await mkdir(join(cwd, ".git")); // a repository: .maia/ is ignored from inside it
      const first = await runMaia(["-p", "Remember: the parser", "--model", "fake-model", "--output-format", "json"], { cwd, home });
      expect(first.stderr).toBe("");
      expect(first.code).toBe(0);
      const { sessionName, result } = JSON.parse(first.stdout) as { sessionName: string; result: string };
      expect(result).toBe("Noted: the parser.");
      expect(sessionName).toMatch(/^session_\d{4}-\d{2}-\d{2}_\d{2}_\d{2}_\d{2}$/);
      const file = join(cwd, ".maia", ".sessions", `${sessionName}.json`);
      expect(JSON.parse(await readFile(file, "utf8")).messages).toHaveLength(2);
      expect(await readFile(join(cwd, ".maia", ".gitignore"), "utf8")).toBe("*\n");
      expect(existsSync(join(cwd, ".gitignore"))).toBe(false); // the user's own .gitignore is never written

      const resumed = await runMaia(["-p", "What did I ask?", "--model", "fake-model", "--output-format", "json", "--resume", sessionName.toUpperCase()], { cwd, home });
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ result: "We spoke about the parser.", sessionName });
      const sent = JSON.stringify(server.chatBodies()[1]);
      expect(sent).toContain("Remember: the parser");
      expect(sent).toContain("Noted: the parser.");

      const continued = await runMaia(["-p", "And then?", "--model", "fake-model", "--output-format", "json", "--continue"], { cwd, home });
      expect(JSON.parse(continued.stdout)).toMatchObject({ sessionName });
      expect(JSON.parse(await readFile(file, "utf8")).messages).toHaveLength(6);
    } finally {
      await server.close();
    }
  });

  it("says precisely when there is no session to continue or none of that name", async () => {
    const server = await startFakeLiteLLM({ script: [{ text: "ok" }] });
    try {
      const cwd = await tempFolder("maia-e2e-cwd-");
      const home = await tempFolder("maia-e2e-home-");
      server.writeSettings(home);
      const none = await runMaia(["-p", "hi", "--model", "fake-model", "--continue"], { cwd, home });
      expect(none.code).toBe(1);
      expect(none.stderr).toContain("No saved session to continue in .maia/.sessions.");
      await runMaia(["-p", "hi", "--model", "fake-model"], { cwd, home });
      const wrong = await runMaia(["-p", "hi", "--model", "fake-model", "--resume", "sesion"], { cwd, home });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/No session named « sesion » in \.maia\/\.sessions\./);
      expect(server.chatBodies()).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
