/** A Content-Type header taken apart: the media type in lower case and its charset, when given. */
export interface ContentType {
  mediaType: string;
  charset?: string;
}

/**
 * Parses `type/subtype; charset="x"; other=y` (RFC 9110): parameters separated by `;`, values plain or
 * quoted with `\` escapes. Anything unreadable gives an empty media type rather than an exception.
 */
export function parseContentType(header: string | null | undefined): ContentType {
  if (!header) return { mediaType: "" };
  const [type = "", ...parameters] = splitParameters(header);
  const result: ContentType = { mediaType: type.trim().toLowerCase() };
  for (const parameter of parameters) {
    const equals = parameter.indexOf("=");
    if (equals === -1) continue;
    const name = parameter.slice(0, equals).trim().toLowerCase();
    if (name !== "charset") continue;
    const value = unquote(parameter.slice(equals + 1).trim());
    if (value !== "") result.charset = value.toLowerCase();
  }
  return result;
}

/** Splits on `;` outside quoted strings. */
function splitParameters(header: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let index = 0; index < header.length; index += 1) {
    const char = header[index] as string;
    if (quoted && char === "\\" && index + 1 < header.length) {
      current += char + (header[index + 1] as string);
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let result = "";
  for (let index = 1; index < value.length; index += 1) {
    const char = value[index] as string;
    if (char === "\\" && index + 1 < value.length) {
      result += value[index + 1];
      index += 1;
    } else if (char === '"') {
      break;
    } else {
      result += char;
    }
  }
  return result;
}

/** The charset an HTML page declares in its first bytes (`<meta charset>` or the http-equiv form). */
export function sniffHtmlCharset(head: string): string | undefined {
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(head);
  return direct?.[1]?.toLowerCase();
}

export type BodyKind = "html" | "json" | "text" | "unsupported";

const TEXT_APPLICATIONS = new Set([
  "application/xml",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/x-sh",
  "application/sql",
  "application/graphql",
  "application/x-httpd-php",
  "application/rtf",
  "application/x-www-form-urlencoded",
]);

/** How WebFetch treats a body (seed § 8): HTML to Markdown, JSON pretty-printed, text as is, nothing else. */
export function bodyKind(mediaType: string, body: Uint8Array): BodyKind {
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml") return "html";
  if (mediaType === "application/json" || mediaType === "text/json" || mediaType.endsWith("+json")) return "json";
  if (mediaType.startsWith("text/") || mediaType.endsWith("+xml") || TEXT_APPLICATIONS.has(mediaType)) return "text";
  if (mediaType !== "" && mediaType !== "application/octet-stream") return "unsupported";
  // No usable type: look at the bytes, as browsers do.
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 1024));
  if (head.indexOf(0) !== -1) return "unsupported";
  const start = head.toString("utf8").trimStart().toLowerCase();
  if (start.startsWith("<!doctype html") || start.startsWith("<html")) return "html";
  if (start.startsWith("{") || start.startsWith("[")) return "json";
  return "text";
}
