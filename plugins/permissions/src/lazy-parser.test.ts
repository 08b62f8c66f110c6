import { rm } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { bashParserLoaded } from "./bash/parser.ts";
import permissions from "./index.ts";
import { testTools } from "./testing/test-tools.ts";

const litellm = await firstParty("litellm");

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

/** Its own file: the parser is loaded once per process, so no other test may have touched it. */
describe("the Bash parser is loaded lazily", () => {
  it("is not loaded by start-up or by sessions that run no Bash, and is loaded by the first Bash check", async () => {
    const folders: string[] = [];
    const server = await startFakeLiteLLM({
      script: [
        { toolCalls: [{ id: "r", name: "Read", arguments: { path: "missing.txt" } }] },
        { text: "no bash yet" },
        { toolCalls: [{ id: "b", name: "Bash", arguments: { command: "true" } }] },
        { text: "done" },
      ],
    });
    try {
      const homeDir = await tempFolder("maia-lazy-home-");
      server.writeSettings(homeDir, { permissions: { allow: ["Read", "Bash(true)"] } });
      const { kernel, cwd } = await createTestKernel([litellm, testTools, permissions], { homeDir });
      folders.push(homeDir, cwd);
      const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
      await kernel.runTurn(session, "read something");
      expect(bashParserLoaded()).toBe(false);
      await kernel.runTurn(session, "now run something");
      expect(bashParserLoaded()).toBe(true);
    } finally {
      await server.close();
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    }
  });
});
