import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HubEventBus } from "../events.ts";
import { serveEvents } from "./event-stream.ts";

/** The event stream against a page that stops reading: the hub drops it rather than buffer without limit. */
let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function streamServer(events: HubEventBus, maxBacklog: number): Promise<string> {
  server = http.createServer((request, response) => serveEvents(request, response, events, maxBacklog));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event stream's backlog", () => {
  it("drops a client that stopped reading once its backlog passes the cap, and keeps one that reads", async () => {
    const events = new HubEventBus();
    const url = await streamServer(events, 2 * 1024 * 1024);
    // A page that never reads again after the first bytes.
    let slowClosed = false;
    let slowReceived = 0;
    const slow = await new Promise<http.IncomingMessage>((resolve) => http.get(url, resolve));
    slow.once("data", () => slow.pause());
    slow.on("data", (chunk: Buffer) => (slowReceived += chunk.length));
    slow.socket.on("close", () => (slowClosed = true));
    slow.on("error", () => undefined);
    // A page that reads everything.
    let received = 0;
    const fast = await new Promise<http.IncomingMessage>((resolve) => http.get(url, resolve));
    fast.on("data", (chunk: Buffer) => (received += chunk.length));
    expect(events.size).toBe(2);

    // 30 MB of events, emitted over time as an agent's flood would be.
    const line = "x".repeat(64 * 1024);
    for (let index = 0; index < 480; index += 1) {
      events.emit("agent:log", { agent: "flood", line });
      if (index % 8 === 7) await pause(2);
    }
    for (let wait = 0; wait < 200 && (events.size > 1 || received < 30 * 1024 * 1024); wait += 1) await pause(20);
    // The hub let go of the slow page; reading again, it finds its stream closed, far short of the flood.
    expect(events.size).toBe(1);
    slow.resume();
    for (let wait = 0; wait < 200 && !slowClosed; wait += 1) await pause(20);
    expect(slowClosed).toBe(true);
    expect(slowReceived).toBeLessThan(20 * 1024 * 1024);
    expect(received).toBeGreaterThan(30 * 1024 * 1024);
    fast.destroy();
  });
});
