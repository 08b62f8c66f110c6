import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import {
  loadSettings,
  parseSettings,
  SETTINGS_EXAMPLE,
  SettingsError,
  settingsPath,
} from "./settings.ts";

const PATH = "/home/u/.maia/settings.json";
const SECRET = "sk-very-secret-0123456789";
const valid = {
  LiteLLM_URL: "http://localhost:4000",
  OpenAI_EndPoint: "/v1/chat/completions",
  LiteLLM_Models: "/v1/models",
};

function settingsError(text: string, env: NodeJS.ProcessEnv = {}): SettingsError {
  try {
    parseSettings(text, PATH, env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return error as SettingsError;
  }
  throw new Error("expected a SettingsError");
}

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

describe("loadSettings", () => {
  let home: string;
  beforeAll(async () => {
    home = await tempFolder("maia-settings-");
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it("explains a missing file with an example", async () => {
    const error = await loadSettings(home, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as SettingsError).code).toBe("MAIA_ERR_SETTINGS");
    expect((error as SettingsError).path).toBe(settingsPath(home));
    expect((error as SettingsError).message).toContain(settingsPath(home));
    expect((error as SettingsError).message).toContain(SETTINGS_EXAMPLE);
  });

  it("reads ~/.maia/settings.json", async () => {
    await mkdir(join(home, ".maia"), { recursive: true });
    await writeFile(settingsPath(home), JSON.stringify({ ...valid, LiteLLM_API_Key: SECRET, MaxOutputTokens: 4096 }));
    const loaded = await loadSettings(home, {});
    expect(loaded).toEqual({
      settings: { ...valid, MaxOutputTokens: 4096 },
      apiKey: SECRET,
      warnings: [],
      path: settingsPath(home),
    });
  });
});

describe("parseSettings", () => {
  it("accepts every documented key", () => {
    const loaded = parseSettings(
      JSON.stringify({
        ...valid,
        MaxIterations: 20,
        MaxOutputTokens: 8192,
        ContextWindow: 128000,
        permissions: { allow: ["Read", "Bash(git status)"], ask: [], deny: ["Bash(rm *)"] },
      }),
      PATH,
      {},
    );
    expect(loaded.warnings).toEqual([]);
    expect(loaded.apiKey).toBeUndefined();
    expect(loaded.settings).toEqual({
      ...valid,
      MaxIterations: 20,
      MaxOutputTokens: 8192,
      ContextWindow: 128000,
    });
  });

  it("falls back to LITELLM_API_KEY, and prefers the file's key", () => {
    expect(parseSettings(JSON.stringify(valid), PATH, { LITELLM_API_KEY: "env-key" }).apiKey).toBe("env-key");
    expect(parseSettings(JSON.stringify({ ...valid, LiteLLM_API_Key: "" }), PATH, { LITELLM_API_KEY: "e" }).apiKey).toBe(
      "e",
    );
    expect(parseSettings(JSON.stringify({ ...valid, LiteLLM_API_Key: "f" }), PATH, { LITELLM_API_KEY: "e" }).apiKey).toBe(
      "f",
    );
  });

  it("never returns the key inside settings", () => {
    const loaded = parseSettings(JSON.stringify({ ...valid, LiteLLM_API_Key: SECRET }), PATH, {});
    expect(JSON.stringify(loaded.settings)).not.toContain(SECRET);
  });

  it.each([
    ['{\n  "LiteLLM_URL": "http://x",\n  "OpenAI_EndPoint": "/v1"\n  "LiteLLM_Models": "/m"\n}', 4, 3],
    ['{"LiteLLM_URL": "http://x",}', 1, 28],
    ['{\r\n"a": tru\r\n}', 2, 9],
    ["", 1, 1],
    ['{\n  "LiteLLM_URL": "http://x"', 2, 28],
  ])("gives line and column of invalid JSON (%j → %i:%i)", (text, line, column) => {
    const error = settingsError(text);
    expect(error.message).toContain(`line ${line}, column ${column}`);
    expect(error.message).toContain(SETTINGS_EXAMPLE);
  });

  it("never shows the key when the JSON error is inside it", () => {
    const error = settingsError(`{"LiteLLM_API_Key": "${SECRET}\n", "LiteLLM_URL": 1}`);
    expect(error.message).not.toContain(SECRET);
    expect(error.message).toContain("line 1, column");
    const other = settingsError(`{"LiteLLM_API_Key": "${SECRET}" "LiteLLM_URL": 1}`);
    expect(other.message).not.toContain(SECRET);
  });

  it.each([
    [{ OpenAI_EndPoint: "/v1", LiteLLM_Models: "/m" }, "LiteLLM_URL"],
    [{ LiteLLM_URL: "http://x", LiteLLM_Models: "/m" }, "OpenAI_EndPoint"],
    [{ LiteLLM_URL: "http://x", OpenAI_EndPoint: "/v1" }, "LiteLLM_Models"],
  ])("stops on a missing required key (%j)", (data, key) => {
    const error = settingsError(JSON.stringify({ ...data, LiteLLM_API_Key: SECRET }));
    expect(error.message).toContain(`"${key}"`);
    expect(error.message).toContain(SETTINGS_EXAMPLE);
    expect(error.message).not.toContain(SECRET);
  });

  it.each([
    [{ ...valid, LiteLLM_URL: "localhost:4000" }, "LiteLLM_URL", "http://"],
    [{ ...valid, LiteLLM_URL: 4000 }, "LiteLLM_URL", "non-empty string"],
    [{ ...valid, OpenAI_EndPoint: "" }, "OpenAI_EndPoint", "non-empty string"],
    [{ ...valid, LiteLLM_Models: ["/v1/models"] }, "LiteLLM_Models", "non-empty string"],
    [{ ...valid, LiteLLM_API_Key: 1234 }, "LiteLLM_API_Key", "non-empty string"],
  ])("stops on an invalid LiteLLM key (%j)", (data, key, problem) => {
    const error = settingsError(JSON.stringify(data));
    expect(error.message).toContain(`"${key}"`);
    expect(error.message).toContain(problem);
    expect(error.message).toContain(SETTINGS_EXAMPLE);
  });

  it("rejects a file that is not an object", () => {
    expect(settingsError("[]").message).toContain("must contain a JSON object");
    expect(settingsError("null").message).toContain("must contain a JSON object");
  });

  it("warns about unknown keys, with a suggestion when close", () => {
    const loaded = parseSettings(
      JSON.stringify({ ...valid, MaxOutputToken: 10, litellm_api_key: SECRET, Theme: "dark", permission: {} }),
      PATH,
      {},
    );
    expect(loaded.warnings).toEqual([
      `${PATH}: unknown key "MaxOutputToken" (ignored); did you mean "MaxOutputTokens"?`,
      `${PATH}: unknown key "litellm_api_key" (ignored); did you mean "LiteLLM_API_Key"?`,
      `${PATH}: unknown key "Theme" (ignored)`,
      `${PATH}: unknown key "permission" (ignored); did you mean "permissions"?`,
    ]);
    expect(loaded.settings).toEqual(valid);
    expect(loaded.warnings.join("\n")).not.toContain(SECRET);
  });

  it("leaves permissions to the permissions plugin: no warning of its own, whatever their shape", () => {
    const loaded = parseSettings(JSON.stringify({ ...valid, permissions: { allow: ["Read", 3], ask: "Bash" } }), PATH, {});
    expect(loaded.warnings).toEqual([]);
  });

  it("ignores an invalid optional number with a warning", () => {
    const loaded = parseSettings(JSON.stringify({ ...valid, MaxIterations: 0, ContextWindow: "128k" }), PATH, {});
    expect(loaded.settings).toEqual(valid);
    expect(loaded.warnings).toHaveLength(2);
  });

  it("speaks French when asked", () => {
    setActiveLocale("fr");
    try {
      expect(settingsError("{").message).toContain("n'est pas du JSON valide (ligne 1, colonne 2)");
    } finally {
      setActiveLocale("en");
    }
  });

  it("never throws anything but SettingsError, and never shows the key (property)", () => {
    const anyJson = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...Object.keys(valid), "permissions", "x"), fc.jsonValue()));
    fc.assert(
      fc.property(fc.oneof(anyJson.map((v) => JSON.stringify(v)), fc.string()), fc.boolean(), (text, withKey) => {
        const withSecret = withKey ? text.replace(/^\{/, `{"LiteLLM_API_Key": "${SECRET}", `) : text;
        try {
          const loaded = parseSettings(withSecret, PATH, {});
          expect(loaded.warnings.join("\n")).not.toContain(SECRET);
          expect(JSON.stringify(loaded.settings)).not.toContain(SECRET);
        } catch (error) {
          expect(error).toBeInstanceOf(SettingsError);
          expect((error as Error).message).not.toContain(SECRET);
        }
      }),
    );
  });
});

describe("numbers that are not numbers, keys that are not header values", () => {
  it("warns about MaxOutputTokens 1e999 (JSON gives Infinity) and other unsafe integers, naming the key", () => {
    const text = `{"LiteLLM_URL":"http://localhost:4000","OpenAI_EndPoint":"/v1/chat/completions","LiteLLM_Models":"/v1/models","MaxOutputTokens":1e999,"MaxIterations":1e300,"ContextWindow":128000}`;
    const loaded = parseSettings(text, PATH, {});
    expect(loaded.settings).toEqual({ ...valid, ContextWindow: 128000 });
    expect(loaded.warnings).toEqual([
      `${PATH}: "MaxIterations" must be a positive whole number no larger than 9007199254740991 (1e999 reads as infinity); the value is ignored`,
      `${PATH}: "MaxOutputTokens" must be a positive whole number no larger than 9007199254740991 (1e999 reads as infinity); the value is ignored`,
    ]);
  });

  it("keeps only safe positive integers, whatever the number (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 1)), (value) => {
        const text = JSON.stringify({ ...valid, MaxOutputTokens: 0 }).replace('"MaxOutputTokens":0', `"MaxOutputTokens":${Number.isFinite(value) ? String(value) : value > 0 ? "1e999" : "-1e999"}`);
        let loaded;
        try {
          loaded = parseSettings(text, PATH, {});
        } catch {
          return; // NaN is not JSON: a SettingsError, tested above.
        }
        const kept = loaded.settings.MaxOutputTokens;
        if (kept === undefined) expect(loaded.warnings.join("\n")).toContain('"MaxOutputTokens"');
        else expect(Number.isSafeInteger(kept) && kept >= 1).toBe(true);
      }),
    );
  });

  it("refuses an API key that cannot go in an HTTP header, naming where it came from and never showing it", () => {
    const fromFile = settingsError(JSON.stringify({ ...valid, LiteLLM_API_Key: "sk-é-secret" }));
    expect(fromFile.message).toContain('"LiteLLM_API_Key" (the API key) contains a character that cannot be sent in an HTTP header (character 4, U+00E9)');
    expect(fromFile.message).not.toContain("secret");
    const fromEnv = settingsError(JSON.stringify(valid), { LITELLM_API_KEY: "sk-\u0000-secret" });
    expect(fromEnv.message).toContain("The LITELLM_API_KEY variable");
    expect(fromEnv.message).toContain("(character 4, U+0000)");
    expect(fromEnv.message).not.toContain("secret");
    // A key from the file wins: a bad variable then does not matter.
    expect(parseSettings(JSON.stringify({ ...valid, LiteLLM_API_Key: "sk-ok" }), PATH, { LITELLM_API_KEY: "é" }).apiKey).toBe("sk-ok");
  });

  it("loads a real settings file whose key holds a pasted control character as a SettingsError", async () => {
    const home = await tempFolder("maia-settings-key-");
    await mkdir(join(home, ".maia"), { recursive: true });
    await writeFile(settingsPath(home), JSON.stringify({ ...valid, LiteLLM_API_Key: "sk-abc\u001b[0m" }));
    await expect(loadSettings(home, {})).rejects.toThrow(/"LiteLLM_API_Key".*character 7, U\+001B/);
    await rm(home, { recursive: true, force: true });
  });
});
