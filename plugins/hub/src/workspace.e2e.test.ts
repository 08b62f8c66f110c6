import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type ChatBody, type FakeLiteLLM } from "@maia/fake-litellm";
import { MAIA_BIN, processesMatching, tempFolder } from "@maia/testing-maia";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SCRIPTED_AGENT } from "./chat/testing/chat-harness.ts";
import { CHROMIUM_RUNS, HubProcess, launchChromium } from "./testing/hub-browser.ts";

/** What the page shows arrives over SSE after a render: on a busy machine that takes more than poll's default second. */
const POLL = { timeout: 15_000 };
/** A 1×1 PNG, as a screenshot pasted in the message box would be (only smaller). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/**
 * The hub as a workspace, in Debian's Chromium against the real `maia hub`: threads (new, switch, rename, found
 * again after the hub restarts), what waits for the user (the header's count and the tab's title), `@` files and
 * a pasted image. Agents: this MAIA (`maia acp`, the fake LiteLLM server's model), the scripted SDK agent taking
 * images (`bot`), and the same agent without them (`plain`). One browser for the file, few steps: CI time counts.
 */
describe.skipIf(!CHROMIUM_RUNS)("the hub as a workspace, in Chromium", () => {
  let home: string;
  let project: string;
  let config: string;
  let llm: FakeLiteLLM;
  let hub: HubProcess;
  let browser: Browser;
  let page: Page;
  let shots: string;

  const startHub = async (): Promise<void> => {
    hub = await HubProcess.start(["--config", config], { cwd: project, home, env: { MAIA_HUB_TIME_SCALE: "0.5" } });
    await page.goto(hub.url);
  };
  const shoot = (name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const input = (): Locator => page.getByTestId("chat-input");
  const openChat = async (agent: string): Promise<void> => {
    await page.getByTestId(`open-chat-${agent}`).click();
    await page.locator(`[data-testid="chat-panel"][data-agent="${agent}"]`).waitFor();
  };
  const say = async (text: string): Promise<void> => {
    await input().fill(text);
    await input().press("Enter");
  };
  const idle = (): Promise<void> => page.locator('[data-testid="chat-panel"][data-busy="false"]').waitFor({ timeout: 15_000 });
  const answer = (text: string): Locator => page.locator('[data-testid="message-agent"][data-done="true"]').filter({ hasText: text });
  const threads = (): Locator => page.getByTestId("thread-item");
  const titles = async (): Promise<string[]> => (await page.locator(".thread-title").allInnerTexts()).map((title) => title.trim());
  const said = (body: ChatBody | undefined): string[] =>
    (body?.messages ?? []).filter((message) => message.role === "user" || message.role === "assistant").map((message) => `${message.role}: ${String(message.content)}`);

  beforeAll(async () => {
    home = await tempFolder("maia-hub-workspace-home-");
    project = await tempFolder("maia-hub-workspace-project-");
    shots = await tempFolder("maia-hub-workspace-shots-");
    await mkdir(path.join(project, "src"));
    await writeFile(path.join(project, "src", "app.ts"), "export const answer = 42;\n");
    await writeFile(path.join(project, "README.md"), "# Project\n");
    llm = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 64_000 } } });
    // Background commands (the last test): `sleep` allowed, and outside the OS sandbox, whose processes die with
    // MAIA by themselves — the Stop button must be what ends it.
    llm.writeSettings(home, { permissions: { allow: ["Bash(sleep *)"] } });
    await mkdir(path.join(project, ".maia"));
    await writeFile(path.join(project, ".maia", "settings.json"), JSON.stringify({ sandbox: { excludedCommands: ["sleep"] } }));
    config = path.join(home, "hub.json");
    const scripted = (name: string, title: string, prompt: object) => ({ name, title, command: process.execPath, args: [SCRIPTED_AGENT], env: { SCRIPTED_AGENT_PROMPT: JSON.stringify(prompt) }, cwd: project });
    await writeFile(
      config,
      "// The workspace test's hub: this comment stays when an agent is added.\n" +
      JSON.stringify({
        agents: [
          { name: "maia", title: "MAIA", command: process.execPath, args: [MAIA_BIN, "acp", "--model", "fake-model"], env: { MAIA_LANG: "en" }, cwd: project },
          scripted("bot", "Bot", { image: true }),
          scripted("plain", "Plain", {}),
        ],
        limits: { maxRunningAgents: 4, stopIdleAgentsAfter: 0 },
        theme: "light",
        language: "en",
      }, null, 2),
    );
    browser = await launchChromium();
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await startHub();
    console.log(`workspace screenshots: ${shots}`);
  }, 60_000);

  afterEach(async ({ task }) => {
    if (task.result?.state === "fail" && page) await shoot(`failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  });

  afterAll(async () => {
    await browser?.close();
    await hub?.stop();
    await llm?.close();
  });

  it("keeps threads apart, renames one, and finds them all after the hub restarts; the agent remembers", async () => {
    await openChat("maia");
    llm.enqueue({ text: "First answer." }, { text: "Second answer." });
    await say("my first question");
    await answer("First answer.").waitFor({ timeout: 20_000 });
    await idle();
    await expect.poll(titles, POLL).toEqual(["my first question"]);

    await page.getByTestId("thread-new").click();
    await page.getByTestId("message-user").first().waitFor({ state: "detached" });
    await say("a second topic");
    await answer("Second answer.").waitFor({ timeout: 20_000 });
    await idle();
    await expect.poll(titles, POLL).toEqual(["a second topic", "my first question"]);
    expect(await threads().first().getAttribute("data-current")).toBe("true");

    // Back to the first thread: only its messages.
    await threads().filter({ hasText: "my first question" }).getByTestId("thread-open").click();
    await answer("First answer.").waitFor();
    expect(await page.getByTestId("message-user").allInnerTexts()).toEqual([expect.stringContaining("my first question")]);
    // Renamed in place.
    await threads().filter({ hasText: "my first question" }).getByTestId("thread-rename").click();
    await page.getByTestId("thread-rename-input").fill("Numbers");
    await page.getByTestId("thread-rename-input").press("Enter");
    await expect.poll(titles, POLL).toContain("Numbers");
    await shoot("1-threads");

    // The hub restarts (a new token: the page is opened again at the new address).
    await hub.stop();
    await startHub();
    await openChat("maia");
    await expect.poll(async () => (await titles()).sort(), POLL).toEqual(["Numbers", "a second topic"]);
    expect(await threads().filter({ hasText: "Numbers" }).getAttribute("data-current")).toBe("true");
    await answer("First answer.").waitFor();
    llm.enqueue({ text: "I remember." });
    await say("do you remember?");
    await answer("I remember.").waitFor({ timeout: 20_000 });
    expect(said(llm.chatBodies().at(-1))).toEqual(["user: my first question", "assistant: First answer.", "user: do you remember?"]);
    await idle();
    await shoot("2-after-restart");
  }, 120_000);

  it("counts the agents waiting on the user in the header and the tab's title, and opens what waits", async () => {
    const count = page.getByTestId("waiting-count");
    await expect.poll(() => count.getAttribute("data-count"), POLL).toBe("0");
    expect(await page.title()).toBe("MAIA hub");
    // While MAIA's conversation is on screen, Bot answers a script and then asks for a permission.
    await hub.call("ChatService", "Send", "bot", "echo from a script");
    await expect.poll(() => count.getAttribute("data-count"), POLL).toBe("1");
    expect(await page.title()).toBe("(1) MAIA hub");
    expect(await page.getByTestId("agent-bot").getAttribute("data-waiting")).toBe("true");
    await hub.call("ChatService", "Send", "bot", "ask");
    await page.getByTestId("agent-bot").getByTestId("waiting-bot").waitFor();
    await shoot("3-waiting");

    // A click on the count opens the thread that waits: the permission card is there.
    await count.click();
    await page.locator('[data-testid="chat-panel"][data-agent="bot"]').waitFor();
    const card = page.getByTestId("permission-card");
    await card.waitFor({ timeout: 15_000 });
    await card.getByTestId("permission-option-allow_once").click();
    await answer('result={"outcome":"selected","optionId":"yes"}').waitFor({ timeout: 15_000 });
    // Read as it arrived, on screen: nothing waits any more.
    await expect.poll(() => count.getAttribute("data-count"), POLL).toBe("0");
    expect(await page.title()).toBe("MAIA hub");
  }, 60_000);

  it("completes files with @ and sends a pasted image as ACP image content; an agent without images refuses it", async () => {
    await openChat("bot");
    await input().fill("whoami look at @src/ap");
    const option = page.getByTestId("file-option").filter({ hasText: "src/app.ts" });
    await option.waitFor();
    await input().press("Enter");
    expect(await input().inputValue()).toBe("whoami look at @src/app.ts ");
    // A paste of an image file, as the clipboard of a screenshot tool gives it. Run in the page, whose DOM types
    // this file (compiled for Node) does not have: the few it uses are named here.
    const paste = async (): Promise<void> =>
      input().evaluate((box, base64) => {
        interface Page {
          DataTransfer: new () => { items: { add(file: unknown): void } };
          File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
          ClipboardEvent: new (type: string, init: object) => unknown;
        }
        const scope = globalThis as unknown as Page;
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const data = new scope.DataTransfer();
        data.items.add(new scope.File([bytes], "shot.png", { type: "image/png" }));
        (box as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(new scope.ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, PNG.toString("base64"));
    await paste();
    await page.getByTestId("attachment").waitFor();
    await shoot("4-mention-and-image");
    await input().press("Enter");
    const reply = answer("\"blocks\"");
    await reply.waitFor({ timeout: 15_000 });
    const blocks = (JSON.parse(/result=(.*)$/s.exec(await reply.innerText())?.[1] ?? "null") as { blocks: unknown[] }).blocks;
    expect(blocks).toEqual([
      { type: "text", text: "whoami look at " },
      { type: "resource_link", uri: `file://${path.join(project, "src", "app.ts")}`, name: "src/app.ts" },
      { type: "text", text: " " },
      { type: "image", mimeType: "image/png", bytes: PNG.length },
    ]);
    await page.getByTestId("message-user").last().getByTestId("image-thumbnail").waitFor();
    expect(await page.getByTestId("attachment").count()).toBe(0);

    // An agent not started yet: what it takes is not known, so the box takes the image…
    await openChat("plain");
    await paste();
    await page.getByTestId("attachment").waitFor();
    // …and removes it, with the reason and the agent's name, as soon as the agent says it takes none.
    await hub.call("AgentService", "Start", "plain");
    await page.getByTestId("attach-refused").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("attach-refused").innerText()).toContain("Plain does not take images");
    expect(await page.getByTestId("attachment").count()).toBe(0);
    // Known now: a paste is refused at once.
    await page.getByTestId("attach-refused").getByRole("button").click();
    await page.getByTestId("attach-refused").waitFor({ state: "detached" });
    await paste();
    await page.getByTestId("attach-refused").waitFor();
    expect(await page.getByTestId("attachment").count()).toBe(0);
  }, 60_000);

  it("adds an agent found on this machine to the configuration, its comments kept", async () => {
    await page.getByTestId("add-agent").click();
    const dialog = page.getByTestId("add-agent-dialog");
    await dialog.getByTestId("discovered-maia").waitFor();
    await dialog.getByTestId("add-maia").click();
    await dialog.getByText("Added as “maia-2”.").waitFor();
    await page.getByTestId("agent-maia-2").waitFor();
    await shoot("5-add-agent");
    const text = await readFile(config, "utf8");
    expect(text.startsWith("// The workspace test's hub: this comment stays when an agent is added.\n")).toBe(true);
    expect(text).toContain('"name": "maia-2"');
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
  }, 60_000);

  it("shows what the agent runs in the background for the thread, with a Stop button that stops it", async () => {
    const n = 70_000 + Math.floor(Math.random() * 20_000);
    await openChat("maia");
    llm.enqueue({ toolCalls: [{ id: "bg1", name: "Bash", arguments: { command: `sleep ${n}`, run_in_background: true } }] }, { text: "It runs in the background." });
    await say("start the server");
    await answer("It runs in the background.").waitFor(POLL);
    const command = page.getByTestId("background-command");
    await command.filter({ hasText: `sleep ${n}` }).waitFor(POLL);
    expect((await processesMatching(`sleep ${n}`)).length).toBeGreaterThan(0);
    await shoot("6-background");
    await command.getByRole("button", { name: /^Stop bash_\d+/ }).click();
    await page.getByTestId("background-bar").waitFor({ state: "detached", ...POLL });
    expect(await processesMatching(`sleep ${n}`)).toEqual([]);
  }, 60_000);
});
