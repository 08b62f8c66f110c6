import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { bodyKind, parseContentType, sniffHtmlCharset } from "./content-type.ts";
import { toolDoc as d } from "./descriptions.ts";
import { htmlToMarkdown } from "./html-to-markdown.ts";
import { fetchWithLimits, WEB_FETCH_LIMITS, type FetchLimits } from "./http-fetch.ts";
import { formatSize, t } from "./messages.ts";
import { toolError } from "./tool-result.ts";

export interface WebFetchInput extends Record<string, unknown> {
  url: string;
  max_length?: number;
}

/** Seed § 23: characters returned by default, and the most a call may ask for. */
export const WEB_FETCH_DEFAULT_LENGTH = 20_000;
export const WEB_FETCH_MAX_LENGTH = 100_000;

/** Bytes of an error page shown with its status, converted like a normal page. */
const ERROR_BODY_CHARS = 2000;

export function createWebFetchTool(limits: FetchLimits = WEB_FETCH_LIMITS): Tool<WebFetchInput> {
  return {
    spec: {
      name: "WebFetch",
      description: d("webFetch", {
        size: formatSize(limits.maxBytes),
        seconds: limits.timeoutMs / 1000,
        redirects: limits.maxRedirects,
        length: WEB_FETCH_DEFAULT_LENGTH,
        max: WEB_FETCH_MAX_LENGTH,
      }),
      inputSchema: {
        type: "object",
        properties: {
          url: { type: "string", minLength: 1, description: d("webFetchUrl") },
          max_length: { type: "integer", minimum: 1, description: d("webFetchMaxLength", { length: WEB_FETCH_DEFAULT_LENGTH, max: WEB_FETCH_MAX_LENGTH }) },
        },
        required: ["url"],
      },
    },
    permission: "ask",
    describe: (input) => input.url,
    kind: "fetch",
    // WebFetch rules name a domain (seed § 9.3), not a URL.
    ruleHint: (input) => `WebFetch(domain:${new URL(input.url.trim()).hostname})`,
    execute: (input, context) => webFetch(input, context, limits),
  };
}

async function webFetch(input: WebFetchInput, context: ToolContext, limits: FetchLimits): Promise<ToolOutput> {
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    return toolError(t("webFetchBadUrl", { url: input.url }), input);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return toolError(t("webFetchScheme", { scheme: url.protocol }), input);
  const maxLength = Math.min(input.max_length ?? WEB_FETCH_DEFAULT_LENGTH, WEB_FETCH_MAX_LENGTH);

  const outcome = await fetchWithLimits(url, limits, context.signal);
  switch (outcome.kind) {
    case "cross_domain":
      return t("webFetchCrossDomain", { from: outcome.from, to: outcome.to, status: outcome.status });
    case "too_many_redirects":
      return toolError(t("webFetchTooManyRedirects", { max: limits.maxRedirects, url: outcome.url }), input);
    case "bad_redirect":
      return toolError(t("webFetchBadRedirect", { to: outcome.to }), input);
    case "timeout":
      return toolError(t("webFetchTimeout", { seconds: outcome.seconds, url: url.href }), input);
    case "network":
      return toolError(t("webFetchNetwork", { url: url.href, cause: outcome.cause }), input);
    case "ok":
      break;
  }

  const type = parseContentType(outcome.contentType);
  const kind = bodyKind(type.mediaType, outcome.body);
  if (kind === "unsupported") return toolError(t("webFetchUnsupported", { type: type.mediaType || "?", url: outcome.url }), input);
  const text = decode(outcome.body, type.charset ?? (kind === "html" ? sniffHtmlCharset(outcome.body.subarray(0, 1024).toString("latin1")) : undefined));
  const converted = await convert(kind, text, outcome.url);

  if (outcome.status < 200 || outcome.status >= 300) {
    const excerpt = converted.content.slice(0, ERROR_BODY_CHARS);
    return toolError(t("webFetchHttpError", { status: `${outcome.status} ${outcome.statusText}`.trim(), url: outcome.url, body: excerpt }), input);
  }

  const header = [
    t("webFetchHeaderUrl", { url: outcome.url }),
    t("webFetchHeaderType", { type: `${type.mediaType || "?"}${converted.label}` }),
    ...(converted.title ? [t("webFetchHeaderTitle", { title: converted.title })] : []),
    t("webFetchUntrusted"),
  ];
  const notes: string[] = [];
  if (outcome.truncated) notes.push(t("webFetchBytesCut", { size: formatSize(limits.maxBytes) }));
  let content = converted.content;
  if (content.length > maxLength) {
    notes.push(t("webFetchLengthCut", { shown: maxLength, total: content.length, max: WEB_FETCH_MAX_LENGTH }));
    content = content.slice(0, maxLength);
  }
  if (content.trim() === "") notes.push(t("webFetchEmpty"));
  return `${header.join("\n")}\n---\n${content}${notes.length > 0 ? `\n\n${notes.join("\n")}` : ""}`;
}

function decode(body: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body); // An unknown charset label.
  }
}

async function convert(kind: "html" | "json" | "text", text: string, url: string): Promise<{ content: string; label: string; title?: string }> {
  if (kind === "html") {
    const { markdown, title } = await htmlToMarkdown(text, url);
    return title === undefined ? { content: markdown, label: t("webFetchAsMarkdown") } : { content: markdown, label: t("webFetchAsMarkdown"), title };
  }
  if (kind === "json") {
    try {
      return { content: JSON.stringify(JSON.parse(text), null, 2), label: "" };
    } catch {
      return { content: text, label: "" }; // Announced as JSON but is not: shown as it came.
    }
  }
  return { content: text, label: "" };
}
