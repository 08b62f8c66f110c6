import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "./html-to-markdown.ts";

const PAGE_URL = "https://doc.rust-lang.org/rustdoc/how-to-write-documentation.html";

describe("htmlToMarkdown (seed § 8 rules)", () => {
  it("writes atx headings, fenced code, `-` bullets and `1.` numbers, nested lists indented", async () => {
    const html = "<h1>Title</h1><h3>Sub</h3><pre><code class=\"language-js\">let a = 1;\n</code></pre><ul><li>a<ul><li>b</li></ul></li><li>c</li></ul><ol start=\"7\"><li>seven</li><li>eight</li></ol>";
    expect((await htmlToMarkdown(html, "https://example.com/")).markdown).toBe(
      "# Title\n\n### Sub\n\n```js\nlet a = 1;\n```\n\n- a\n  - b\n- c\n\n7. seven\n8. eight",
    );
  });

  it("drops head, script, style, noscript, iframe, svg and template with their content, and returns the title apart", async () => {
    const html =
      "<html><head><title> My  page </title><style>p{color:red}</style></head><body><script>alert(1)</script><noscript>enable js</noscript><iframe src=x>frame</iframe><svg><title>icon</title><text>svg text</text></svg><template><p>tpl</p></template><p>Visible</p></body></html>";
    expect(await htmlToMarkdown(html, "https://example.com/")).toEqual({ markdown: "Visible", title: "My page" });
  });

  it("makes links and images absolute, keeps only the text of data: images and of anchors", async () => {
    const html = '<p><a href="/docs">Docs</a> <a href="#top">Top</a> <img src="img/a.png" alt="A"> <img src="data:image/png;base64,AAAA" alt="inline"></p>';
    expect((await htmlToMarkdown(html, "https://example.com/guide/page.html")).markdown).toBe(
      "[Docs](https://example.com/docs) Top ![A](https://example.com/guide/img/a.png) inline",
    );
  });

  it("converts a real documentation page faithfully", async () => {
    const html = await readFile(new URL("../fixtures/rustdoc-how-to-write-documentation.html", import.meta.url), "utf8");
    const { markdown, title } = await htmlToMarkdown(html, PAGE_URL);
    expect(title).toBe("How to write documentation - The rustdoc book");
    expect(markdown).toContain("# How to write documentation\n\nGood documentation is not natural.");
    expect(markdown).toContain("## Getting Started\n\nDocumenting a crate should begin with front-page documentation.");
    expect(markdown).toContain("the [`hashbrown`](https://docs.rs/hashbrown/0.8.2/hashbrown/) crate level documentation");
    expect(markdown).toContain("```rust\n#![allow(unused)]\nfn main() {\n//! Fast and easy queue abstraction.");
    expect(markdown).toContain("- [CommonMark quick reference](https://commonmark.org/help/)\n- [current spec](https://spec.commonmark.org/current/)");
    expect(markdown).toContain("| ASCII sequence | Unicode |\n| --- | --- |\n| `--` | – |");
    expect(markdown).toContain("> - [x] Complete task\n> - [ ] Incomplete task");
    expect(markdown).toContain("1. This text is the contents of the footnote");
    // Nothing from scripts, styles or icons.
    expect(markdown).not.toMatch(/<script|function\s*\(|var path_to_root|<svg|\{\s*color:/);
    expect(markdown).not.toContain("\n\n\n");
  });
});
