// Standalone fake server for demos and manual checks:
//   node testing/fake-litellm/src/cli.ts --script answers.json [--port 4000] [--models a,b] [--api-key k]
// answers.json is a JSON array of Scripted answers (functions cannot be written in JSON).

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startFakeLiteLLM } from "./server.ts";
import type { Scripted } from "./types.ts";

const USAGE = "usage: fake-litellm --script answers.json [--port 4000] [--models a,b] [--api-key key]";

function fail(message: string): never {
  process.stderr.write(`fake-litellm: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function readScript(file: string | undefined): Scripted[] {
  if (file === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(parsed)) fail(`${file} must hold a JSON array of scripted answers`);
  return parsed as Scripted[];
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        script: { type: "string" },
        port: { type: "string" },
        models: { type: "string" },
        "api-key": { type: "string" },
      },
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`bad --port ${values.port}`);

const server = await startFakeLiteLLM({
  script: readScript(values.script),
  port,
  ...(values.models === undefined ? {} : { models: values.models.split(",").map((m) => m.trim()).filter(Boolean) }),
  ...(values["api-key"] === undefined ? {} : { apiKey: values["api-key"] }),
});
process.stdout.write(`fake-litellm listening on ${server.url}\n`);

// Close the server cleanly on Ctrl-C / kill so hung streams do not keep the process alive.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
