import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// The CLI's terminal test bed, by path: this package does not depend on @maia/cli.
import { bundleBuilt } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";
import { everythingStdio, writeMcpJson } from "@maia/plugin-mcp/testing";

/**
 * `@server:uri` completion in the input box of the real `maia` (the built bundle) in tmux: server-everything over
 * stdio, enabled by an allow rule; the mcp plugin offers its resources as `@` references, beside the paths.
 */
const ready = tmuxAvailable() && bundleBuilt();
const bed = terminalPerTest({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

const INPUT = { en: "Your request — /help: help", fr: "Votre demande — /help : aide" } as const;

describe.skipIf(!ready)("@server:uri completion in a real terminal", { timeout: 120_000 }, () => {
  for (const lang of ["en", "fr"] as const) {
    it(`typing @ever lists server-everything's resources beside the paths, and Tab takes one (${lang})`, async () => {
      const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
      const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
      await writeFile(path.join(cwd, "everyday.txt"), "a path that also matches\n");
      await writeMcpJson(home, { everything: everythingStdio() });
      // The allow rule that enables the server (seed § 22.2), in the project's settings.
      await mkdir(path.join(cwd, ".maia"), { recursive: true });
      await writeFile(path.join(cwd, ".maia", "settings.json"), JSON.stringify({ permissions: { allow: ["Mcp(everything)"] } }));
      bed.server.enqueue({ text: "Read it." });
      const { terminal } = await bed.start({ lang, home, cwd, args: ["--model", "fake-model"] });
      await terminal.waitFor(INPUT[lang]);
      // The resources are offered once the server is connected: /mcp says when it is.
      await terminal.type("/mcp");
      await terminal.press("Enter");
      await terminal.waitFor(/- OK everything ?:/, { history: true, timeoutMs: 30_000 });
      await terminal.type("read @ever");
      const listed = await terminal.waitFor(/^ @everything:demo:\/\/resource\/static\/document\/\S+/m);
      expect(listed).toMatch(/^ @everyday\.txt\s*$/m);
      expect(listed.search(/^ @everything:/m)).toBeLessThan(listed.search(/^ @everyday\.txt/m));
      await terminal.type("ything:demo://resource/static/document/features");
      await terminal.waitFor(/^ @everything:demo:\/\/resource\/static\/document\/features\.md/m);
      await terminal.press("Tab");
      await terminal.waitFor("read @everything:demo://resource/static/document/features.md");
      await terminal.press("Enter");
      await terminal.waitFor("Read it.", { history: true });
      const sent = JSON.stringify(bed.server.chatBodies().at(-1));
      // The reference taken from the list is attached as data (its content read from the server).
      expect(sent).toMatch(/(Resource|Ressource) demo:\/\/resource\/static\/document\/features\.md (of|du serveur) (MCP server|MCP) everything/);
    });
  }
});
