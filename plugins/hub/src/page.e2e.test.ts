import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { makePng } from "@maia/images/testing";
import { eventually, MAIA_BIN, spawnMaia, tempFolder } from "@maia/testing-maia";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

/** What the page shows arrives over SSE after a render: on a busy machine that takes more than poll's default second. */
const POLL = { timeout: 15_000 };

/**
 * The hub's page in Debian's Chromium, against the real `maia hub` and a real (small, well-behaved) ACP agent:
 * what a user does with it in milestone 1. One browser and one page for the file, in a few steps, since CI
 * time matters. Screenshots go to a temporary folder, printed when a step fails.
 */

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const BANNER = /^MAIA hub: (http:\/\/127\.0\.0\.1:\d+)\/\?token=([A-Za-z0-9_-]+)$/;
const AGENT = fileURLToPath(new URL("./agents/testing/well-behaved.mjs", import.meta.url));

/**
 * The configuration the test starts with: a well-behaved agent that talks on stderr, and `maia acp` against the
 * fake LiteLLM server for the conversation. `theme` is the line the test breaks and fixes.
 */
function configText(project: string): string {
  return `{
  // The page's browser test: one well-behaved agent that talks on stderr, and maia acp to chat with.
  "agents": [
    {
      "name": "fake",
      "title": "Fake agent",
      "icon": "🧪",
      "description": "Answers initialize and logs",
      "command": ${JSON.stringify(process.execPath)},
      "args": [${JSON.stringify(AGENT)}],
      "env": { "FAKE_AGENT_SAY": "hello from the fake agent", "FAKE_AGENT_TICK_MS": "150" }
    },
    {
      "name": "maia",
      "title": "MAIA",
      "description": "maia acp, scripted by the fake LiteLLM server",
      "command": ${JSON.stringify(process.execPath)},
      "args": [${JSON.stringify(MAIA_BIN)}, "acp", "--model", "fake-model"],
      "env": { "MAIA_LANG": "en" },
      "cwd": ${JSON.stringify(project)}
    }
  ],
  "theme": "light",
  "language": "en"
}
`;
}
const THEME_LINE = configText("").split("\n").findIndex((line) => line.includes('"theme"')) + 1;
/** The context window the fake server announces for its model: the usage ring shows `used / size`. */
const MAX_INPUT = 64_000;

// Without Chromium (a developer's machine) the file is skipped; CI installs it, and there it must run.
const runs = existsSync(CHROMIUM) || process.env.CI !== undefined;

describe.skipIf(!runs)("the hub's page in Chromium", () => {
  let home: string;
  let shots: string;
  let hub: ChildProcessWithoutNullStreams;
  let stderr = "";
  let browser: Browser;
  let page: Page;
  let context: BrowserContext;
  let llm: FakeLiteLLM;
  let project: string;
  let CONFIG: string;
  const cspViolations: string[] = [];
  const configFile = (): string => path.join(home, ".maia", "hub.json");

  const shoot = (name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const editor = (): Locator => page.getByTestId("config-editor").locator(".cm-content");
  /** Replaces the editor's whole text as typed input (insertText: no auto-closed brackets or quotes). */
  const replaceText = async (text: string): Promise<void> => {
    await editor().click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(text);
  };

  beforeAll(async () => {
    home = await tempFolder("maia-hub-page-home-");
    shots = await tempFolder("maia-hub-page-shots-");
    const cwd = await tempFolder("maia-hub-page-cwd-");
    project = await tempFolder("maia-hub-page-project-");
    CONFIG = configText(project);
    await mkdir(path.join(home, ".maia"), { recursive: true });
    await writeFile(configFile(), CONFIG);
    llm = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: MAX_INPUT } } });
    llm.writeSettings(home);

    hub = spawnMaia(["hub", "--no-open"], { cwd, home, env: { MAIA_HUB_TIME_SCALE: "0.5" } });
    let stdout = "";
    hub.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    hub.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const [browserStarted, printed] = await Promise.all([
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true }),
      eventually(() => stdout.includes("\n"), 15_000),
    ]);
    browser = browserStarted;
    const match = BANNER.exec(stdout.trim());
    if (!printed || !match) throw new Error(`maia hub printed ${JSON.stringify(stdout)}; stderr:\n${stderr}`);

    context = await browser.newContext({ locale: "en-US", colorScheme: "light", viewport: { width: 1100, height: 900 } });
    page = await context.newPage();
    // Chromium reports every CSP refusal on the console: the page must need none of what the policy forbids.
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${match[1]}/?token=${match[2]}`);
    console.log(`page screenshots: ${shots}`);
  }, 60_000);

  // What the page showed when a step failed.
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail" && page) await shoot(`failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  });

  afterAll(async () => {
    await browser?.close();
    await llm?.close();
    if (hub && hub.exitCode === null && hub.signalCode === null) {
      const exited = new Promise((resolve) => hub.once("exit", resolve));
      hub.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (hub.exitCode === null) hub.kill("SIGKILL");
    }
  });

  it("starts an agent, follows its logs live, and stops it", async () => {
    const row = page.getByTestId("agent-fake");
    const state = page.getByTestId("state-fake");
    await expect.poll(() => state.getAttribute("data-state"), POLL).toBe("stopped");
    await expect.poll(() => page.getByTestId("start-fake").isEnabled(), POLL).toBe(true);
    expect(await page.getByTestId("stop-fake").isDisabled()).toBe(true);

    await page.getByTestId("start-fake").click();
    await state.filter({ hasText: "ready" }).waitFor({ timeout: 15_000 });
    expect(await row.getByTestId("stop-fake").isEnabled()).toBe(true);

    await page.getByTestId("logs-toggle-fake").click();
    const logs = page.getByTestId("logs-fake");
    await logs.filter({ hasText: "hello from the fake agent" }).waitFor();
    // "tick N" lines arrive after the drawer opened: they come from agent:log events, not from Logs().
    const ticks = async (): Promise<number> => Number(/tick (\d+)\s*$/.exec(await logs.innerText())?.[1] ?? 0);
    const first = await ticks();
    await expect.poll(ticks, { timeout: 5_000 }).toBeGreaterThan(first + 1);
    await shoot("1-agent-ready");

    await page.getByTestId("stop-fake").click();
    await state.filter({ hasText: "stopped" }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("start-fake").isEnabled()).toBe(true);
  }, 60_000);

  it("marks a broken configuration where the problem is, refuses to save it, then saves the fix", async () => {
    await page.getByTestId("nav-settings").click();
    await editor().filter({ hasText: '"agents"' }).waitFor();
    const save = page.getByTestId("save-config");
    expect(await save.isDisabled()).toBe(true);

    await replaceText(CONFIG.replace('"theme": "light"', '"theme": "purple"'));
    const marker = page.getByTestId("config-editor").locator(".cm-lintRange-error");
    await marker.first().waitFor();
    expect(await marker.first().innerText()).toContain("purple");
    const problems = page.getByTestId("problems-list");
    await problems.filter({ hasText: `line ${THEME_LINE},` }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await shoot("2-config-broken");

    await replaceText(CONFIG.replace('"theme": "light"', '"theme": "dark"'));
    await expect.poll(() => save.isEnabled(), POLL).toBe(true);
    expect(await problems.locator("li").count()).toBe(0);
    await save.click();
    // Saved, reloaded by the hub, and applied live: the page turns dark.
    await expect.poll(() => page.locator("html").getAttribute("data-theme"), POLL).toBe("dark");
    expect(await readFile(configFile(), "utf8")).toContain('"theme": "dark"');
    expect(await save.isDisabled()).toBe(true);
    await shoot("3-config-saved-dark");
  }, 60_000);

  it("switches to French and back", async () => {
    await page.getByTestId("language-switch").selectOption("fr");
    await page.getByTestId("nav-agents").filter({ hasText: "Agents" }).click();
    await page.getByTestId("state-fake").filter({ hasText: "arrêté" }).waitFor();
    expect(await page.getByTestId("nav-settings").innerText()).toBe("Réglages");
    expect(await page.getByTestId("start-fake").getAttribute("aria-label")).toBe("Démarrer Fake agent");
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await shoot("4-french");

    await page.getByTestId("language-switch").selectOption("auto");
    await page.getByTestId("state-fake").filter({ hasText: "stopped" }).waitFor();
    expect(cspViolations).toEqual([]);
  }, 60_000);

  // ── The conversation (milestone 2): maia acp as the agent, its model scripted by the fake LiteLLM server ──

  const input = (): Locator => page.getByTestId("chat-input");
  const agentMessages = (): Locator => page.getByTestId("message-agent");
  const userMessage = (text: string): Locator => page.getByTestId("message-user").filter({ hasText: text });
  const say = async (text: string, on: Page = page): Promise<void> => {
    await on.getByTestId("chat-input").fill(text);
    await on.getByTestId("chat-input").press("Enter");
  };
  const idle = (): Promise<void> => page.locator('[data-testid="chat-panel"][data-busy="false"]').waitFor({ timeout: 15_000 });

  it("streams an answer, then asks before writing a file and writes it once allowed", async () => {
    await page.getByTestId("open-chat-maia").click();
    await page.locator('[data-testid="chat-panel"][data-agent="maia"]').waitFor();
    expect(new URL(page.url()).hash).toBe("#/agents/maia");

    llm.enqueue({ text: ["Hello ", "from ", "**MAIA**", ", streamed."], chunkDelayMs: 250 });
    await say("hi");
    await userMessage("hi").waitFor();
    // Streamed: part of the answer is on the page while the message is still arriving.
    await page.locator('[data-testid="message-agent"][data-done="false"]').filter({ hasText: "Hello" }).waitFor({ timeout: 20_000 });
    const hello = page.locator('[data-testid="message-agent"][data-done="true"]').filter({ hasText: "Hello from MAIA, streamed." });
    await hello.waitFor();
    expect(await hello.locator("strong").innerText()).toBe("MAIA");
    await expect.poll(() => page.getByTestId("usage").getAttribute("aria-label"), POLL).toMatch(/ of 64,000 tokens used/);
    await idle();

    // "/" at the start offers the agent's own slash commands; Tab picks one, Esc closes the list.
    await input().fill("/comp");
    const compact = page.getByTestId("command-option").filter({ hasText: "/compact" });
    await compact.waitFor();
    await input().press("Tab");
    expect(await input().inputValue()).toBe("/compact ");
    await input().fill("/");
    await page.getByTestId("command-menu").waitFor();
    await input().press("Escape");
    await page.getByTestId("command-menu").waitFor({ state: "detached" });
    await input().fill("");

    const notes = "# Notes\nwritten from the page\n";
    llm.enqueue({ toolCalls: [{ id: "w1", name: "Write", arguments: { path: "notes.md", content: notes } }] }, { text: "Written." });
    await say("write the notes");
    const card = page.getByTestId("permission-card");
    await card.waitFor({ timeout: 15_000 });
    const tool = page.locator('[data-testid="tool-card"][data-tool-id="w1"]');
    expect(await tool.getByTestId("diff").count()).toBeGreaterThan(0);
    await shoot("5-chat-permission");
    await card.getByTestId("permission-option-allow_once").click();
    await card.waitFor({ state: "detached" });
    await agentMessages().filter({ hasText: "Written." }).waitFor();
    await expect.poll(() => tool.getAttribute("data-status"), POLL).toBe("completed");
    expect(await readFile(path.join(project, "notes.md"), "utf8")).toBe(notes);
    await idle();
  }, 60_000);

  it("shows the image a tool returned as a thumbnail that opens at full size (issue 38)", async () => {
    await writeFile(path.join(project, "shot.png"), makePng(200, 120, { pixel: (x) => [x, 80, 200] }));
    llm.enqueue({ toolCalls: [{ id: "img1", name: "Read", arguments: { path: "shot.png" } }] }, { text: "A blue gradient." });
    await say("look at shot.png");
    const card = page.getByTestId("permission-card");
    await card.waitFor({ timeout: 15_000 });
    await card.getByTestId("permission-option-allow_once").click();
    await agentMessages().filter({ hasText: "A blue gradient." }).waitFor();
    const tool = page.locator('[data-testid="tool-card"][data-tool-id="img1"]');
    const thumbnail = tool.getByTestId("image-thumbnail");
    await thumbnail.waitFor();
    // Decoded by the browser from the data: URL (the CSP allows it): a real image, shown small.
    await expect.poll(() => thumbnail.locator("img").evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), POLL).toBe(200);
    expect((await thumbnail.boundingBox())?.width ?? 999).toBeLessThanOrEqual(170);
    await thumbnail.click();
    const full = page.getByTestId("image-viewer").getByTestId("image-full");
    await full.waitFor();
    expect(await full.evaluate((img) => { const shown = img as unknown as { naturalWidth: number; naturalHeight: number }; return [shown.naturalWidth, shown.naturalHeight]; })).toEqual([200, 120]);
    await shoot("6-image-full-size");
    await page.getByTestId("image-close").click();
    await full.waitFor({ state: "detached" });
    expect(cspViolations).toEqual([]);
    await idle();
  }, 60_000);

  it("stops a long answer with Esc, queues messages behind a turn and drops one, and finds it all after a reload", async () => {
    // 20 s of answer if nothing stops it: Esc comes long before the end, however slow the machine.
    llm.enqueue({ text: Array.from({ length: 400 }, (_, index) => `word${index} `), chunkDelayMs: 50 });
    await say("tell me a long story");
    await agentMessages().last().filter({ hasText: "word5" }).waitFor({ timeout: 15_000 });
    await input().press("Escape");
    const stopped = page.locator('[data-testid="message-agent"][data-stop-reason="cancelled"]');
    await stopped.waitFor();
    expect(await stopped.innerText()).not.toContain("word399");
    expect(await stopped.getByTestId("stop-reason").innerText()).toBe("Stopped");
    await idle();

    // Two messages behind a running turn; the second is dropped, the first goes out when the turn ends.
    // The first answer is held until the queue has been checked, so the turn cannot end under the test's feet.
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    llm.enqueue(async () => {
      await held;
      return { text: ["first ", "answer"] };
    }, { text: "second answer" });
    // The box hands the hub one message at a time. "one" is held on its way; "two" is typed and Enter pressed
    // meanwhile: the box keeps it, and sends it as soon as "one" is taken.
    let letOneThrough = (): void => {};
    const oneHeld = new Promise<void>((resolve) => (letOneThrough = resolve));
    await page.route("**/api/ChatService/Send", async (route) => {
      await oneHeld;
      await route.continue();
    }, { times: 1 });
    await say("one");
    await say("two");
    expect(await input().inputValue()).toBe("two");
    letOneThrough();
    await page.locator('[data-testid="chat-panel"][data-busy="true"]').waitFor({ timeout: 15_000 });
    const queued = page.locator('[data-testid="message-user"][data-queued="true"]');
    await expect.poll(() => input().inputValue(), POLL).toBe("");
    await say("three");
    await expect.poll(() => queued.count(), POLL).toBe(2);
    await page.getByTestId("chat-waiting").filter({ hasText: "2 messages waiting" }).waitFor();
    await queued.filter({ hasText: "three" }).getByTestId("drop-queued").click();
    await userMessage("three").filter({ hasText: "not sent" }).waitFor();
    await shoot("6-chat-queued");
    release();
    await agentMessages().filter({ hasText: "first answer" }).waitFor({ timeout: 15_000 });
    await agentMessages().filter({ hasText: "second answer" }).waitFor({ timeout: 15_000 });
    await idle();
    expect(await queued.count()).toBe(0);
    expect(llm.pending()).toBe(0);

    // The hub holds the conversation: a reload shows it all again, on the same agent.
    const messages = page.locator(".chat-messages [data-message-id]");
    const count = await messages.count();
    await page.reload();
    await page.locator('[data-testid="chat-panel"][data-agent="maia"]').waitFor();
    await expect.poll(() => messages.count(), POLL).toBe(count);
    await userMessage("three").filter({ hasText: "not sent" }).waitFor();

    // A second page on the same hub follows the same conversation.
    const other = await context.newPage();
    await other.goto(page.url());
    llm.enqueue({ text: ["seen ", "on both ", "pages"], chunkDelayMs: 50 });
    await say("from the other page", other);
    await userMessage("from the other page").waitFor();
    await agentMessages().filter({ hasText: "seen on both pages" }).waitFor({ timeout: 15_000 });
    await other.close();
    await idle();
  }, 150_000);

  it("speaks French in the conversation too", async () => {
    await page.getByTestId("language-switch").selectOption("fr");
    await page.getByTestId("chat-send").filter({ hasText: "Envoyer" }).waitFor();
    const stopped = page.locator('[data-testid="message-agent"][data-stop-reason="cancelled"]');
    expect(await stopped.getByTestId("stop-reason").innerText()).toBe("Arrêté");
    expect(await userMessage("three").innerText()).toContain("non envoyé");
    expect(await page.locator('[data-tool-id="w1"]').getByTestId("tool-status").innerText()).toBe("terminé");
    expect(await input().getAttribute("placeholder")).toBe("Message à MAIA");
    await shoot("7-chat-french");
    await page.getByTestId("language-switch").selectOption("auto");
    await page.getByTestId("chat-send").filter({ hasText: "Send" }).waitFor();
    expect(cspViolations).toEqual([]);
  }, 60_000);
});
