import type TurndownService from "turndown";

/** The parts of a DOM node the rules read (turndown's types point at the browser DOM, absent here). */
interface DomNode {
  nodeName: string;
  parentNode: DomNode | null;
  nextSibling: DomNode | null;
  children: ArrayLike<DomNode>;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

/** Seed § 8: elements dropped with their content. */
const REMOVED = new Set(["HEAD", "SCRIPT", "STYLE", "NOSCRIPT", "IFRAME", "SVG", "TEMPLATE"]);

export interface Markdown {
  markdown: string;
  title?: string;
}

type Turndown = typeof TurndownService;

let loading: Promise<Turndown> | undefined;

/**
 * turndown and the DOM it parses with (@mixmark-io/domino, ~700 KB of code) are imported on the first HTML page
 * WebFetch converts, not when the plugin loads: most sessions never fetch a page and should not pay for them.
 */
function loadTurndown(): Promise<Turndown> {
  loading ??= import("turndown").then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined; // A failed import is tried again on the next page.
      throw error;
    },
  );
  return loading;
}

function asNode(node: unknown): DomNode {
  return node as DomNode;
}

function insideSvg(node: DomNode): boolean {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) {
    if (parent.nodeName.toUpperCase() === "SVG") return true;
  }
  return false;
}

/** An absolute URL for a link or image, so the model can fetch it; undefined when there is nothing to follow. */
function absoluteUrl(href: string | null, base: string): string | undefined {
  if (!href || href.startsWith("#") || /^javascript:/i.test(href.trim())) return undefined;
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}

function destination(url: string): string {
  const escaped = url.replace(/([<>()])/g, "\\$1");
  return escaped.includes(" ") ? `<${escaped}>` : escaped;
}

function clean(attribute: string | null): string {
  return attribute ? attribute.replace(/(\n+\s*)+/g, "\n") : "";
}

/**
 * HTML to Markdown with turndown and the seed's rules (§ 8): atx headings, fenced code blocks, `-` bullets,
 * list items written `- a` and `1. a` (turndown's default pads them to four columns), and head, script,
 * style, noscript, iframe, svg and template removed. Beyond the seed: links and images get absolute URLs
 * (the page's own base), `data:` images keep only their text, tables become pipe tables and checkboxes
 * `[x]` / `[ ]` (turndown alone flattens both into loose text), and the page title is returned apart for
 * the result header.
 */
export async function htmlToMarkdown(html: string, baseUrl: string): Promise<Markdown> {
  const Service = await loadTurndown();
  let title: string | undefined;
  const service = new Service({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", hr: "---" });
  service.remove((node) => REMOVED.has(asNode(node).nodeName.toUpperCase()));
  service.addRule("pageTitle", {
    filter: (node) => asNode(node).nodeName === "TITLE",
    replacement: (_content, node) => {
      const element = asNode(node);
      if (title === undefined && !insideSvg(element)) title = (element.textContent ?? "").replace(/\s+/g, " ").trim() || undefined;
      return "";
    },
  });
  service.addRule("listItem", {
    filter: "li",
    replacement: (content, node, options) => {
      const element = asNode(node);
      const parent = element.parentNode;
      let prefix = `${options.bulletListMarker ?? "-"} `;
      if (parent?.nodeName === "OL") {
        const start = Number.parseInt(parent.getAttribute("start") ?? "", 10);
        const index = Array.prototype.indexOf.call(parent.children, element);
        prefix = `${(Number.isNaN(start) ? 1 : start) + index}. `;
      }
      const isParagraph = /\n$/.test(content);
      const body = content.replace(/^\n+/, "").replace(/\n+$/, "") + (isParagraph ? "\n" : "");
      return prefix + body.replace(/\n/g, `\n${" ".repeat(prefix.length)}`) + (element.nextSibling ? "\n" : "");
    },
  });
  service.addRule("absoluteLink", {
    filter: (node) => asNode(node).nodeName === "A" && Boolean(asNode(node).getAttribute("href")),
    replacement: (content, node) => {
      const element = asNode(node);
      const url = absoluteUrl(element.getAttribute("href"), baseUrl);
      if (!url || content.trim() === "") return content;
      const title = clean(element.getAttribute("title")).replace(/"/g, '\\"');
      return `[${content}](${destination(url)}${title ? ` "${title}"` : ""})`;
    },
  });
  service.addRule("absoluteImage", {
    filter: "img",
    replacement: (_content, node) => {
      const element = asNode(node);
      const alt = service.escape(clean(element.getAttribute("alt")));
      const source = element.getAttribute("src") ?? "";
      if (source.startsWith("data:")) return alt;
      const url = absoluteUrl(source, baseUrl);
      return url ? `![${alt}](${destination(url)})` : alt;
    },
  });
  addTableRules(service);
  service.addRule("checkbox", {
    filter: (node) => asNode(node).nodeName === "INPUT" && asNode(node).getAttribute("type")?.toLowerCase() === "checkbox",
    replacement: (_content, node) => (asNode(node).getAttribute("checked") === null ? "[ ]" : "[x]"),
  });
  const markdown = service
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return title === undefined ? { markdown } : { markdown, title };
}

/** A cell's text on one line, its pipes escaped. */
function cellText(content: string): string {
  return content.replace(/\n+/g, " ").replace(/\|/g, "\\|").trim();
}

function isHeaderRow(row: DomNode): boolean {
  if (row.parentNode?.nodeName === "THEAD") return true;
  const cells = Array.from(row.children);
  return cells.length > 0 && cells.every((cell) => cell.nodeName === "TH");
}

/** GitHub pipe tables: one line per row, a `---` line under the header row. */
function addTableRules(service: TurndownService): void {
  service.addRule("tableCell", {
    filter: ["th", "td"],
    replacement: (content) => `| ${cellText(content)} `,
  });
  service.addRule("tableRow", {
    filter: "tr",
    replacement: (content, node) => {
      const row = asNode(node);
      const line = `${content}|\n`;
      if (!isHeaderRow(row)) return line;
      return `${line}${Array.from(row.children).map(() => "| --- ").join("")}|\n`;
    },
  });
  service.addRule("tableSection", {
    filter: ["thead", "tbody", "tfoot"],
    replacement: (content) => content,
  });
  service.addRule("table", {
    filter: "table",
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
}
