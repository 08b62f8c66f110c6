import { memo, type ComponentProps, type CSSProperties } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useT } from "../i18n/locale-context.ts";

/**
 * Agent text is untrusted Markdown. react-markdown builds React elements from the syntax tree, never HTML
 * strings: raw HTML in the text comes out as plain text (no rehype-raw here), and every URL goes through
 * `safeUrl` below. Links open in a new tab without access to this page; images are never loaded (the CSP
 * forbids other origins anyway): they become links to their address.
 */

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/** An absolute http(s) or mailto URL, or "" for anything else (javascript:, data:, relative paths, …). */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return SAFE_SCHEMES.has(parsed.protocol) ? parsed.href : "";
  } catch {
    return "";
  }
}

function Link({ href, children }: ComponentProps<"a">) {
  const url = safeUrl(href ?? "");
  if (!url) return <span className="md-link-disabled">{children}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Image({ src, alt }: ComponentProps<"img">) {
  const t = useT();
  const url = typeof src === "string" ? safeUrl(src) : "";
  const label = t("chat.image", { name: alt || url || "?" });
  if (!url) return <span className="md-image">{label}</span>;
  return (
    <a className="md-image" href={url} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/** GFM's column alignment arrives as an inline style: turned into a class, so no element carries a style. */
function alignClass(style: CSSProperties | undefined): string | undefined {
  const align = style?.textAlign;
  return align === "left" || align === "center" || align === "right" ? `align-${align}` : undefined;
}

const PLUGINS = [remarkGfm];

const components: Components = {
  a: ({ node: _node, ...props }) => <Link {...props} />,
  img: ({ node: _node, ...props }) => <Image {...props} />,
  th: ({ node: _node, style, ...props }) => <th {...props} className={alignClass(style)} />,
  td: ({ node: _node, style, ...props }) => <td {...props} className={alignClass(style)} />,
  // Tables can be wider than the conversation: they scroll on their own.
  table: ({ node: _node, ...props }) => (
    <div className="md-table">
      <table {...props} />
    </div>
  ),
};

/** Text of an agent message or thought, as Markdown. Memoised: a finished part never renders again. */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown remarkPlugins={PLUGINS} components={components} urlTransform={safeUrl}>
        {text}
      </Markdown>
    </div>
  );
});
