import path from "node:path";
import { HTTP_ALIASES, SERVER_SCHEMA } from "./config-schema.ts";
import { expandEnv } from "./expand-env.ts";
import { validateServer } from "./server-validator.generated.ts";
import type { OAuthSettings } from "./oauth/provider.ts";
import { t, type MessageKey } from "./messages.ts";
import { DEFAULT_TIMEOUT_SECONDS, type McpOrigin, type McpServerConfig, type TransportConfig } from "./server-config.ts";
import { isValidServerKey, MAX_SERVER_KEY } from "./tool-names.ts";

/**
 * One entry of `mcpServers`: schema first (ajv, errors in the user's language), then what a schema cannot
 * say (which transport, a usable url), then `${VAR}` expansion. Every problem names the file, the line and the
 * field; an entry with a problem is left out whole (seed § 22.1: "avertissement, ignoré"), since half a server
 * is worse than none.
 */
export interface EntryContext {
  key: string;
  origin: McpOrigin;
  file: string;
  line?: number;
  /** Launch folder, base of a relative stdio `cwd`. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  fieldLine(field: string): number | undefined;
  /** False for values that are already literal (servers an ACP client passes): `${VAR}` is left as written. */
  expandVariables?: boolean;
}

export type EntryOutcome =
  | { kind: "server"; server: McpServerConfig; warnings: string[] }
  | { kind: "disabled"; warnings: string[] }
  | { kind: "ignored"; warnings: string[] };

/** What this file reads of an ajv error (ajv itself is the kernel's dependency, not ours). */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: object;
  message?: string;
}

/** Above this, a `timeout` was surely written in milliseconds (Gemini CLI's unit): a day is 86,400 s. */
const MILLISECONDS_HINT = 3600;

export function parseServerEntry(entry: unknown, context: EntryContext): EntryOutcome {
  const at = (field?: string) => whereOf(context, field);
  const ignored = (problem: string, field?: string): EntryOutcome => ({
    kind: "ignored",
    warnings: [t("serverIgnored", { where: at(field), key: context.key, problem })],
  });
  if (!isValidServerKey(context.key)) {
    return { kind: "ignored", warnings: [t("serverBadKey", { where: at(), key: context.key, max: MAX_SERVER_KEY })] };
  }
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    return { kind: "ignored", warnings: [t("serverNotObject", { where: at(), key: context.key })] };
  }
  const raw = entry as Record<string, unknown>;
  // Turned off first: a half-written entry the user disabled is no reason to warn.
  if (raw.enabled === false || raw.disabled === true) return { kind: "disabled", warnings: [] };

  const validate = validateServer;
  if (!validate(raw)) {
    const first = validate.errors?.[0];
    const field = first ? fieldOf(first) : undefined;
    return ignored((validate.errors ?? []).map(describeSchemaError).join("; "), field?.split(/[.[]/)[0]);
  }
  const fields = raw as {
    type?: string;
    url?: string;
    httpUrl?: string;
    headers?: Record<string, string>;
    command?: string;
    args?: string[];
    env?: Record<string, string>;
    cwd?: string;
    sandbox?: boolean;
    timeout?: number;
    includeTools?: string[];
    excludeTools?: string[];
    oauth?: false | OAuthSettings;
  };

  const warnings: string[] = [];
  const url = fields.url ?? fields.httpUrl;
  const type = resolveType(fields.type, fields.command !== undefined, url !== undefined);
  if (typeof type === "object") return ignored(type.problem, "type");
  if (type !== "stdio" && url === undefined) return ignored(t("serverNeedsUrl", { type }), "type");
  if (type === "stdio" && fields.command === undefined) return ignored(t("serverNeedsCommand"), "type");
  if (type !== "stdio" && fields.command !== undefined && fields.type !== undefined) {
    warnings.push(t("serverIgnored", { where: at("command"), key: context.key, problem: t("serverCommandForUrl", { type }) }));
  }

  // An unset variable leaves the entry unusable: connecting with it empty would send a request to a half-built
  // url, or a half-built credential (`Bearer `) to a real server. The server is not loaded, and each such
  // reference is named (file and line, server, field, variable).
  let unset = false;
  const expand = (value: string, field: string): string => {
    if (context.expandVariables === false) return value;
    const { value: expanded, missing } = expandEnv(value, context.env);
    for (const name of missing) {
      unset = true;
      warnings.push(t("serverMissingVariable", { where: at(field.split(/[.[]/)[0]), key: context.key, field, variable: `\${${name}}`, example: `\${${name}:-…}` }));
    }
    return expanded;
  };
  const expandRecord = (record: Record<string, string> | undefined, field: string) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([name, value]) => [name, expand(value, `${field}.${name}`)]));

  let transport: TransportConfig;
  let display: string;
  if (type === "stdio") {
    const command = fields.command as string;
    const args = fields.args ?? [];
    transport = {
      type,
      command: expand(command, "command"),
      args: args.map((arg, index) => expand(arg, `args[${index}]`)),
      env: expandRecord(fields.env, "env"),
      cwd: path.resolve(context.cwd, fields.cwd === undefined ? "." : expand(fields.cwd, "cwd")),
      ...(fields.sandbox === true ? { sandbox: true } : {}),
    };
    display = [command, ...args].join(" ");
  } else {
    const rawUrl = url as string;
    const expanded = expand(rawUrl, fields.url === undefined ? "httpUrl" : "url");
    if (unset) return { kind: "ignored", warnings };
    if (!isHttpUrl(expanded)) return ignored(t("serverBadUrl", { url: rawUrl }), fields.url === undefined ? "httpUrl" : "url");
    const headers = expandRecord(fields.headers, "headers");
    const ownAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === "authorization");
    const oauth =
      fields.oauth === false || (fields.oauth === undefined && ownAuthorization)
        ? false
        : fields.oauth === undefined
          ? undefined
          : { ...fields.oauth, ...(fields.oauth.clientSecret === undefined ? {} : { clientSecret: expand(fields.oauth.clientSecret, "oauth.clientSecret") }) };
    transport = { type, url: expanded, headers, ...(oauth === undefined ? {} : { oauth }) };
    display = rawUrl;
  }

  if (unset) return { kind: "ignored", warnings };

  let seconds = fields.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  if (seconds > MILLISECONDS_HINT) {
    const converted = seconds / 1000;
    warnings.push(t("serverTimeoutMilliseconds", { where: at("timeout"), key: context.key, value: seconds, seconds: converted }));
    seconds = converted;
  }
  const server: McpServerConfig = {
    key: context.key,
    origin: context.origin,
    file: context.file,
    ...(context.line === undefined ? {} : { line: context.line }),
    transport,
    display,
    timeoutMs: Math.round(seconds * 1000),
    ...(fields.includeTools ? { includeTools: fields.includeTools } : {}),
    ...(fields.excludeTools ? { excludeTools: fields.excludeTools } : {}),
  };
  return { kind: "server", server, warnings };
}

function resolveType(
  written: string | undefined,
  hasCommand: boolean,
  hasUrl: boolean,
): "stdio" | "http" | "sse" | { problem: string } {
  if (written !== undefined) return (HTTP_ALIASES as readonly string[]).includes(written) ? "http" : (written as "stdio" | "http" | "sse");
  if (hasCommand && hasUrl) return { problem: t("serverAmbiguous") };
  if (hasCommand) return "stdio";
  // Streamable HTTP first (seed § 22, and the MCP specification since 2025-03-26); SSE only when `type` says so.
  if (hasUrl) return "http";
  return { problem: t("serverNoTransport") };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function whereOf(context: EntryContext, field?: string): string {
  const line = (field === undefined ? undefined : context.fieldLine(field)) ?? context.line;
  return line === undefined ? context.file : `${context.file}:${line}`;
}

/** `/headers/Authorization` → `headers.Authorization`, `/args/0` → `args[0]`. */
function fieldOf(error: SchemaError): string {
  const parts = error.instancePath.split("/").slice(1).map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  return parts.reduce((name, part) => (name === "" ? part : /^\d+$/.test(part) ? `${name}[${part}]` : `${name}.${part}`), "");
}

const TYPE_NAMES: Record<string, MessageKey> = {
  string: "typeString",
  number: "typeNumber",
  boolean: "typeBoolean",
  object: "typeObject",
  array: "typeArray",
};

/** ajv's errors in the user's language; ajv only speaks English. */
function describeSchemaError(error: SchemaError): string {
  const field = fieldOf(error);
  const params = error.params as { type?: string; allowedValues?: unknown[] };
  switch (error.keyword) {
    case "type": {
      const key = TYPE_NAMES[params.type ?? ""];
      return t("fieldType", { field, expected: key ? t(key) : String(params.type) });
    }
    case "enum":
      return t("fieldEnum", { field, values: (params.allowedValues ?? []).map((value) => JSON.stringify(value)).join(", ") });
    case "minLength":
      return t("fieldEmpty", { field });
    case "exclusiveMinimum":
      return t("fieldPositive", { field });
    default:
      return t("fieldOther", { field, detail: error.message ?? error.keyword });
  }
}
