import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

/** settings.json as a user types it: raw text, so that `1e999` reaches JSON.parse as written. */
async function writeRawSettings(extra: string): Promise<void> {
  const text = `{
  "LiteLLM_URL": "${bed.server.url}",
  "OpenAI_EndPoint": "/v1/chat/completions",
  "LiteLLM_Models": "/v1/models"${extra}
}
`;
  await writeFile(path.join(bed.home, ".maia", "settings.json"), text);
}

describe("settings values that are not what they look like", () => {
  it("MaxOutputTokens 1e999 (Infinity) and 12.5 are WARNs naming the key; requests carry no max_tokens", async () => {
    await writeRawSettings(`,\n  "MaxOutputTokens": 1e999,\n  "ContextWindow": 12.5,\n  "MaxIterations": 1e400`);
    bed.server.enqueue({ text: "fine" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("fine\n");
    for (const key of ["MaxOutputTokens", "ContextWindow", "MaxIterations"]) {
      expect(run.stderr).toMatch(new RegExp(`settings\\.json: "${key}" must be a positive`));
    }
    expect(bed.server.chatBodies()[0]).not.toHaveProperty("max_tokens");
  });

  it("an API key with a non-ASCII character is reported naming LiteLLM_API_Key, not as LiteLLM unreachable", async () => {
    await writeRawSettings(`,\n  "LiteLLM_API_Key": "sk-caf\u00e9-1234"`);
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('"LiteLLM_API_Key"');
    expect(run.stderr).toContain("cannot be sent in an HTTP header (character 7, U+00E9)");
    expect(run.stderr).not.toContain("unreachable");
    expect(run.stderr).not.toContain("sk-caf");
    expect(bed.server.chatBodies()).toEqual([]);
  });

  it("a LITELLM_API_KEY variable with a control character is reported naming the variable", async () => {
    await writeRawSettings("");
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], { ...bed, env: { LITELLM_API_KEY: "sk-ab\u0007cd" } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("LITELLM_API_KEY variable");
    expect(run.stderr).toContain("(character 6, U+0007)");
    expect(run.stderr).not.toContain("unreachable");
  });
});
