import { setActiveLocale } from "@maia/kernel";
import { afterEach, describe, expect, it } from "vitest";
import { InkUI } from "./ink-ui.ts";
import { FakeTerminal, IdleKeyboard } from "./testing/fake-terminal.ts";

// Its own file: the Markdown renderer must not have been loaded by another test of this module graph.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let ui: InkUI | undefined;

afterEach(async () => {
  await ui?.close();
  ui = undefined;
  setActiveLocale(undefined);
});

describe("the Markdown renderer, loaded on first use", () => {
  it("never writes Markdown unformatted to the log, even when it comes before the renderer is loaded", async () => {
    setActiveLocale("en");
    const terminal = new FakeTerminal(100, 30);
    ui = new InkUI({ stdout: terminal.stream, stdin: new IdleKeyboard().stream, env: {}, patchConsole: false });
    ui.mount();
    ui.info("history follows");
    ui.text("## Earlier answer\n\nSome **bold** words.");
    ui.info("history loaded");
    await ui.store.drained();
    for (let waited = 0; waited < 5_000 && !terminal.plain().includes("history loaded"); waited += 20) await sleep(20);
    const screen = terminal.plain();
    expect(screen).toContain("Some bold words.");
    expect(screen).not.toContain("**bold**");
    expect(screen).not.toContain("## Earlier answer");
    // In the order they were given.
    expect(screen.indexOf("history follows")).toBeLessThan(screen.indexOf("Earlier answer"));
    expect(screen.indexOf("Earlier answer")).toBeLessThan(screen.indexOf("history loaded"));
  });
});
