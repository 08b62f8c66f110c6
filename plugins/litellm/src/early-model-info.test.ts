import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { EarlyModelInfo } from "./early-model-info.ts";
import type { LoadedSettings } from "./settings.ts";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** A server that takes `/model/info` requests and never answers them: what a stuck LiteLLM does. */
async function silentServer(): Promise<{ url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  server = createServer((request) => requests.push(request));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const settingsFor = (url: string) => async (): Promise<LoadedSettings> => ({
  settings: { LiteLLM_URL: url, OpenAI_EndPoint: "/v1/chat/completions", LiteLLM_Models: "/v1/models" },
  apiKey: undefined,
  warnings: [],
  path: "settings.json",
});

const until = async (condition: () => boolean) => {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
};

describe("EarlyModelInfo", () => {
  it("asks /model/info at once, and hands the answer on its way to one taker only", async () => {
    const { url, requests } = await silentServer();
    const early = new EarlyModelInfo(settingsFor(url), {});
    expect(await until(() => requests.length === 1)).toBe(true);
    expect(requests[0]?.url).toBe("/model/info");
    expect(early.take()).toBeInstanceOf(Promise);
    expect(early.take()).toBeUndefined();
    early.abandon(); // taken: the taker owns it, nothing is aborted
    expect(requests[0]?.destroyed).toBe(false);
  });

  it("aborts the request nobody took when abandoned, so that it keeps nothing waiting", async () => {
    const { url, requests } = await silentServer();
    const early = new EarlyModelInfo(settingsFor(url), {});
    expect(await until(() => requests.length === 1)).toBe(true);
    const closed = new Promise<void>((resolve) => requests[0]?.socket.once("close", () => resolve()));
    early.abandon();
    await closed;
    expect(early.take()).toBeUndefined();
  });
});
