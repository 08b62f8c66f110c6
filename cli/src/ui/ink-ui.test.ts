import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadMarkdown } from "./markdown.ts";
import { InkUI } from "./ink-ui.ts";
import { FakeTerminal, IdleKeyboard } from "./testing/fake-terminal.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let ui: InkUI | undefined;

function mount() {
  const terminal = new FakeTerminal(100, 30);
  ui = new InkUI({ stdout: terminal.stream, stdin: new IdleKeyboard().stream, env: {}, patchConsole: false });
  ui.mount();
  return { ui, terminal };
}

beforeAll(() => loadMarkdown());
beforeEach(() => setActiveLocale("fr"));
afterEach(async () => {
  await ui?.close();
  ui = undefined;
  setActiveLocale(undefined);
});

describe("InkUI, the façade over the store", () => {
  it("shows the agent's events: text, tool call and result, warnings, context usage", async () => {
    const { ui, terminal } = mount();
    ui.onEvent({ type: "thinking", active: true });
    ui.onEvent({ type: "text", text: "Je lis le fichier." });
    ui.onEvent({ type: "text_end" });
    ui.onEvent({ type: "thinking", active: false });
    ui.onEvent({ type: "tool_call", id: "1", name: "Read", summary: "a.txt", input: { path: "a.txt" }, kind: "read", locations: [] });
    ui.onEvent({ type: "tool_result", id: "1", name: "Read", output: "1\tbonjour", isError: false });
    ui.onEvent({ type: "warning", message: "Réponse coupée" });
    ui.onEvent({ type: "context_usage", tokens: 12_345, max: 128_000 });
    await sleep(80);
    const screen = terminal.plain();
    expect(screen).toContain("Je lis le fichier.");
    expect(screen).toContain("● Read(a.txt)");
    expect(screen).toContain("⎿ 1    bonjour");
    expect(screen).toMatch(/WARN\s+Réponse coupée/);
    expect(screen).toContain("12.3k / 128k · 10%");
  });

  it("is the front end's InteractionPort: confirm, ask with stop, select returning the value", async () => {
    const { ui } = mount();
    expect(ui.interaction.canAsk).toBe(true);
    const confirmed = ui.interaction.confirm("Continuer ?");
    ui.store.handleKey({ input: "o" });
    await expect(confirmed).resolves.toBe(true);
    const asked = ui.interaction.ask?.("Autoriser Bash : ls ?");
    ui.store.handleKey({ input: "s" });
    await expect(asked).resolves.toBe("stop");
    const chosen = ui.interaction.select?.("Charger une session", [
      { label: "a", value: { name: "a" } },
      { label: "b", value: { name: "b" } },
    ]);
    ui.store.handleKey({ input: "", downArrow: true });
    ui.store.handleKey({ input: "", return: true });
    await expect(chosen).resolves.toEqual({ name: "b" });
  });

  it("writes command output as messages and Markdown", async () => {
    const { ui, terminal } = mount();
    ui.output.info("Session chargée");
    ui.output.error("Commande inconnue : /x");
    ui.output.text("## Résumé\n\n- point");
    await sleep(50);
    const screen = terminal.plain();
    expect(screen).toMatch(/INFO\s+Session chargée/);
    expect(screen).toMatch(/FAIL\s+Commande inconnue : \/x/);
    expect(screen).toContain("Résumé");
    expect(screen).not.toContain("## Résumé");
  });

  it("hides the input zone when it closes", async () => {
    const { ui, terminal } = mount();
    void ui.readInput();
    await sleep(50);
    expect(terminal.plain()).toContain("Votre demande");
    await ui.close();
    expect(ui.store.getSnapshot().prompt.kind).toBe("hidden");
  });
});
