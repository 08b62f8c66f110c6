import { startFakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { maiaPerTest, runMaia, startPageServer, streamEvents, type PageServer } from "@maia/testing-maia";

// WebFetch through the shipped bundle. `maia -p` runs dist/print.cjs, whose HTML converter (turndown) is a file
// of its own required on first use (dist/print-turndown.cjs): its default export once arrived wrapped, and every
// HTML page failed with "Service is not a constructor" while the plugin's own tests, on the TypeScript sources,
// passed (issue 34).
const bed = maiaPerTest(() => startFakeLiteLLM());
let pages: PageServer;

beforeEach(async () => {
  pages = await startPageServer({
    "/guide.html": { type: "text/html; charset=utf-8", body: "<html><head><title>Guide</title></head><body><h1>Install</h1><ul><li>npm i</li><li>npm test</li></ul><script>steal()</script></body></html>" },
    "/notes.txt": { type: "text/plain", body: "plain notes\n" },
    "/data.json": { type: "application/json", body: '{"ok":true,"items":[1,2]}' },
    "/old": { redirect: "/guide.html" },
  });
});
afterEach(() => pages.close());

describe("WebFetch in `maia -p` (built bundle)", () => {
  it("hands the model HTML as Markdown, plain text, JSON and a redirected page", async () => {
    const urls = ["/guide.html", "/notes.txt", "/data.json", "/old"].map((route) => `${pages.url}${route}`);
    bed.server.enqueue(
      { toolCalls: urls.map((url, index) => ({ id: `f${index}`, name: "WebFetch", arguments: { url, prompt: "read it" } })) },
      { text: "read" },
    );
    const run = await runMaia(["-p", "read the docs", "--model", "m", "--output-format", "stream-json", "--allow", "WebFetch"], bed);
    expect(run.code).toBe(0);
    const results = streamEvents(run.stdout).filter((event) => event.type === "tool_result");
    expect(results.map((event) => event.isError)).toEqual([false, false, false, false]);
    // What the model received, from the request it was sent next.
    const second = bed.server.chatBodies()[1] as { messages: Array<{ role: string; content: string }> };
    const received = second.messages.filter((message) => message.role === "tool").map((message) => message.content);
    const [html, text, json, redirected] = received;
    expect(html).toContain("Type: text/html (converted to Markdown)");
    expect(html).toContain("Title: Guide");
    expect(html).toContain("# Install\n\n- npm i\n- npm test");
    expect(html).not.toContain("steal()");
    expect(text).toContain("plain notes");
    expect(json).toContain('"items"');
    expect(redirected).toContain(`URL: ${pages.url}/guide.html`);
    expect(redirected).toContain("# Install");
    expect(pages.hits).toEqual(expect.arrayContaining(["/guide.html", "/notes.txt", "/data.json", "/old"]));
  });
});
