import { join } from "node:path";
import { closest, describeJsonError, locateJsonError, readSettingsText } from "@maia/util";
import type { ErrorObject } from "ajv";
import { t, type MessageKey } from "./messages.ts";
import { SETTINGS_SCHEMA } from "./settings-schema.ts";
import { validateSettings } from "./settings-validator.generated.ts";

export { SETTINGS_SCHEMA };

/**
 * ~/.maia/settings.json as MAIA uses it (seed § 7.3), plus `ContextWindow` (DESIGN.md). The API key is not
 * part of it: it is returned apart, so that logging the settings can never show it.
 */
export interface LiteLLMSettings {
  LiteLLM_URL: string;
  OpenAI_EndPoint: string;
  LiteLLM_Models: string;
  MaxIterations?: number;
  MaxOutputTokens?: number;
  ContextWindow?: number;
  /** Whether the models take images (issue 38); else /model/info's `supports_vision` says. */
  Vision?: boolean;
}

export interface LoadedSettings {
  settings: LiteLLMSettings;
  /** LiteLLM_API_Key, else the LITELLM_API_KEY variable; undefined when neither is set. */
  apiKey: string | undefined;
  /** Problems that do not stop MAIA (unknown key, malformed permissions…), ready to show. */
  warnings: string[];
  path: string;
}

export const SETTINGS_ERROR_CODE = "MAIA_ERR_SETTINGS";

/** settings.json is missing, unreadable, not JSON, or lacks a valid LiteLLM key: MAIA cannot start. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
  readonly code = SETTINGS_ERROR_CODE;
  readonly path: string;
  constructor(message: string, path: string, options?: { cause?: unknown }) {
    super(message, options);
    this.path = path;
  }
}

/** The LiteLLM keys whose absence or bad value stops MAIA, in the order they are reported. */
const FATAL_KEYS = ["LiteLLM_URL", "OpenAI_EndPoint", "LiteLLM_Models", "LiteLLM_API_Key"] as const;
type FatalKey = (typeof FATAL_KEYS)[number];
const OPTIONAL_NUMBERS = ["MaxIterations", "MaxOutputTokens", "ContextWindow"] as const;
const KNOWN_KEYS = Object.keys(SETTINGS_SCHEMA.properties);

const ROLE: Record<FatalKey | (typeof OPTIONAL_NUMBERS)[number], MessageKey> = {
  LiteLLM_URL: "roleUrl",
  OpenAI_EndPoint: "roleEndpoint",
  LiteLLM_Models: "roleModels",
  LiteLLM_API_Key: "roleApiKey",
  MaxIterations: "roleMaxIterations",
  MaxOutputTokens: "roleMaxOutputTokens",
  ContextWindow: "roleContextWindow",
};

/** Shown in every fatal settings message. Placeholder key only. */
export const SETTINGS_EXAMPLE = `{
  "LiteLLM_URL": "http://localhost:4000",
  "OpenAI_EndPoint": "/v1/chat/completions",
  "LiteLLM_Models": "/v1/models",
  "LiteLLM_API_Key": "sk-...",
  "MaxOutputTokens": 8192
}`;

// Generated at build time from SETTINGS_SCHEMA (nothing compiled at start-up), with this file's ajv options:
// all errors, no defaults applied.
function validate(value: unknown): ErrorObject[] {
  return validateSettings(value) ? [] : [...(validateSettings.errors ?? [])];
}

export function settingsPath(homeDir: string): string {
  return join(homeDir, ".maia", "settings.json");
}

/** Reads and checks `<homeDir>/.maia/settings.json`. Throws SettingsError when MAIA cannot start. */
export async function loadSettings(homeDir: string, env: NodeJS.ProcessEnv = process.env): Promise<LoadedSettings> {
  const path = settingsPath(homeDir);
  let text: string | undefined;
  try {
    text = await readSettingsText(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new SettingsError(t("settingsMissing", { path, example: SETTINGS_EXAMPLE }), path, { cause: error });
    }
    throw new SettingsError(t("settingsUnreadable", { path, cause: code ?? String(error) }), path, { cause: error });
  }
  if (text === undefined) throw new SettingsError(t("settingsMissing", { path, example: SETTINGS_EXAMPLE }), path);
  return parseSettings(text, path, env);
}

/** The pure part of loadSettings: checks a settings.json text read from `path`. */
export function parseSettings(text: string, path: string, env: NodeJS.ProcessEnv = process.env): LoadedSettings {
  const example = SETTINGS_EXAMPLE;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch {
    // The parser's own message may quote the file (and so the key): describe the error ourselves.
    const where = locateJsonError(source) ?? { line: 1, column: 1, reason: "unexpected_char" as const };
    throw new SettingsError(
      t("settingsInvalidJson", { path, line: where.line, column: where.column, cause: describeJsonError(where), example }),
      path,
    );
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new SettingsError(t("settingsNotObject", { path, example }), path);
  }
  const data = { ...(raw as Record<string, unknown>) };
  const errors = validate(data);

  // Fatal first: a missing or invalid LiteLLM key.
  for (const key of FATAL_KEYS) {
    const missing = errors.some((e) => e.keyword === "required" && e.params.missingProperty === key);
    if (missing) {
      throw new SettingsError(t("settingsMissingKey", { path, key, role: t(ROLE[key]), example }), path);
    }
  }
  for (const key of FATAL_KEYS) {
    const problem = errors.find((e) => e.instancePath === `/${key}`);
    if (problem) {
      const message = problem.keyword === "pattern" ? t("settingsProblemUrl") : t("settingsProblemString");
      throw new SettingsError(
        t("settingsInvalidKey", { path, key, role: t(ROLE[key]), problem: message, example }),
        path,
      );
    }
  }

  const warnings: string[] = [];
  const dropped = new Set<string>();
  for (const error of errors) {
    const segments = error.instancePath.split("/").slice(1).map(unescapePointer);
    const [top, list, index] = segments;
    if (error.keyword === "additionalProperties" && top === undefined) {
      const key = String(error.params.additionalProperty);
      const suggestion = closest(key, KNOWN_KEYS.filter((known) => !known.startsWith("$")));
      warnings.push(
        suggestion === undefined
          ? t("settingsUnknownKey", { path, key })
          : t("settingsUnknownKeyDidYouMean", { path, key, suggestion }),
      );
      dropped.add(key);
    } else if (top !== undefined && (OPTIONAL_NUMBERS as readonly string[]).includes(top)) {
      if (!dropped.has(top)) {
        warnings.push(t("settingsOptionalInvalid", { path, key: top, problem: t("settingsProblemPositiveInteger") }));
        dropped.add(top);
      }
    } else if (top === "Vision" && !dropped.has(top)) {
      warnings.push(t("settingsOptionalInvalid", { path, key: top, problem: t("settingsProblemBoolean") }));
      dropped.add(top);

    }
  }

  const settings: LiteLLMSettings = {
    LiteLLM_URL: (data.LiteLLM_URL as string).trim(),
    OpenAI_EndPoint: (data.OpenAI_EndPoint as string).trim(),
    LiteLLM_Models: (data.LiteLLM_Models as string).trim(),
  };
  for (const key of OPTIONAL_NUMBERS) {
    const value = data[key];
    if (value === undefined || dropped.has(key)) continue;
    // JSON reads 1e999 as Infinity, and ajv's "integer" accepts it (Infinity % 1 is NaN, not non-zero): the schema
    // alone would let `max_tokens: null` (JSON.stringify(Infinity)) reach the provider.
    if (typeof value === "number" && Number.isSafeInteger(value)) settings[key] = value;
    else warnings.push(t("settingsOptionalInvalid", { path, key, problem: t("settingsProblemSafeInteger", { max: Number.MAX_SAFE_INTEGER }) }));
  }

  if (typeof data.Vision === "boolean" && !dropped.has("Vision")) settings.Vision = data.Vision;

  const fileKey = typeof data.LiteLLM_API_Key === "string" ? data.LiteLLM_API_Key.trim() : "";
  const envKey = env.LITELLM_API_KEY?.trim() ?? "";
  const apiKey = fileKey !== "" ? fileKey : envKey !== "" ? envKey : undefined;
  if (apiKey !== undefined) checkHeaderValue(apiKey, fileKey !== "", path);
  return { settings, apiKey, warnings, path };
}

/**
 * The key goes in an `Authorization` header: a character fetch cannot send there (non-ASCII, a control character
 * pasted with it) would fail every request as "LiteLLM unreachable". Said at start-up, naming where the key came
 * from and where the character is, never the key itself.
 */
function checkHeaderValue(key: string, fromFile: boolean, path: string): void {
  const at = [...key].findIndex((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || code > 0x7e;
  });
  if (at === -1) return;
  const code = [...key][at]?.codePointAt(0) ?? 0;
  const problem = t("settingsProblemHeader", { position: at + 1, char: `U+${code.toString(16).toUpperCase().padStart(4, "0")}` });
  const message = fromFile
    ? t("settingsInvalidKey", { path, key: "LiteLLM_API_Key", role: t(ROLE.LiteLLM_API_Key), problem, example: SETTINGS_EXAMPLE })
    : t("settingsInvalidEnvKey", { path, problem });
  throw new SettingsError(message, path);
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

