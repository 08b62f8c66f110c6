// Writes the MAIA settings file that points a (test) home directory at a fake server,
// so end-to-end tests can run the real CLI against it with HOME=homeDir.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function writeSettingsFile(
  homeDir: string,
  url: string,
  apiKey: string | undefined,
  extra: Record<string, unknown> = {},
): string {
  const dir = join(homeDir, ".maia");
  mkdirSync(dir, { recursive: true });
  const settings: Record<string, unknown> = {
    LiteLLM_URL: url,
    OpenAI_EndPoint: "/v1/chat/completions",
    LiteLLM_Models: "/v1/models",
    ...(apiKey === undefined ? {} : { LiteLLM_API_Key: apiKey }),
    ...extra,
  };
  const path = join(dir, "settings.json");
  writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`);
  return path;
}
