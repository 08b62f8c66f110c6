import { writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHub, type Hub } from "../hub.ts";
import { hubTiming } from "../timing.ts";
import { startHubServer, type HubServer } from "./http-server.ts";
import { loadPageFiles } from "./page-files.ts";
import { CONTENT_SECURITY_POLICY, createToken } from "./security.ts";
import { callService, rawRequest, readEvents } from "./testing/http.ts";

let hub: Hub;
let server: HubServer;
let token: string;
let base: string;
let home: string;

beforeEach(async () => {
  home = await tempFolder("maia-hub-home-");
  const page = await tempFolder("maia-hub-page-");
  await writeFile(path.join(page, "index.html"), '<!doctype html><script src="/app.js"></script>');
  await writeFile(path.join(page, "app.js"), "console.log('page')");
  hub = await createHub({
    homeDir: home,
    launchDir: home,
    env: { PATH: process.env.PATH },
    maiaCommand: { command: process.execPath, args: ["-e", "0"] },
    // Scaled down, but with the handshake long enough for a node process to start on a loaded machine.
    timing: { ...hubTiming({ MAIA_HUB_TIME_SCALE: "0.02" }), handshakeTimeout: 15_000 },
  });
  token = createToken();
  server = await startHubServer({ services: hub.services, events: hub.events, page: loadPageFiles(page), token, host: "127.0.0.1", port: 0, iconFile: () => undefined });
  base = `http://127.0.0.1:${server.port}`;
});

afterEach(async () => {
  await server.close();
  await hub.close();
});

describe("maia hub server: the token", () => {
  it("prints an address with the token, trades it for an HttpOnly SameSite=Strict cookie and drops it from the URL", async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${token}`);
    const visit = await rawRequest(server.url);
    expect(visit.status).toBe(302);
    expect(visit.headers.location).toBe("/");
    const cookie = String(visit.headers["set-cookie"]);
    expect(cookie).toContain(`maia-hub-${server.port}=${token}`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    const page = await rawRequest(`${base}/`, { headers: { cookie: cookie.split(";")[0]! } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("/app.js");
    expect(page.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers["content-security-policy"]).not.toContain("unsafe");
  });

  it("refuses the page, its files, the API and the events without the token, or with a wrong one", async () => {
    expect((await rawRequest(`${base}/`)).status).toBe(401);
    expect((await rawRequest(`${base}/app.js`)).status).toBe(401);
    expect((await rawRequest(`${base}/?token=${token.slice(0, -1)}x`)).status).toBe(401);
    expect((await rawRequest(`${base}/api/events`)).status).toBe(401);
    const call = await callService(base, "wrong", "AgentService", "List", []);
    expect(call.status).toBe(401);
    expect(call.json).toEqual({ error: expect.stringContaining("token") });
    const noAuth = await rawRequest(`${base}/api/AgentService/List`, { method: "POST", headers: { "content-type": "application/json" }, body: "[]" });
    expect(noAuth.status).toBe(401);
  });

  it("answers a call with the bearer token", async () => {
    const call = await callService(base, token, "AgentService", "List", []);
    expect(call.status).toBe(200);
    expect(call.json).toMatchObject({ result: [{ name: "maia", state: "stopped" }] });
  });
});

describe("maia hub server: refusals of cross-site and rebinding requests", () => {
  it("refuses a Host that is not this hub (DNS rebinding), even with the token", async () => {
    const call = await callService(base, token, "AgentService", "List", [], { host: `rebind.example:${server.port}` });
    expect(call.status).toBe(403);
    expect((await rawRequest(`${base}/`, { headers: { host: "rebind.example" } })).status).toBe(403);
    expect((await callService(base, token, "AgentService", "List", [], { host: `localhost:${server.port}` })).status).toBe(200);
  });

  it("refuses a POST that is not JSON (a form or text/plain, which other sites may send without a preflight)", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const call = await callService(base, token, "AgentService", "List", [], { "content-type": type });
      expect(call.status).toBe(415);
    }
    const none = await rawRequest(`${base}/api/AgentService/List`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: "[]" });
    expect(none.status).toBe(415);
  });

  it("refuses another Origin and a cross-site fetch, on calls and on the event stream", async () => {
    expect((await callService(base, token, "AgentService", "List", [], { origin: "http://evil.example" })).status).toBe(403);
    expect((await callService(base, token, "AgentService", "List", [], { origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await callService(base, token, "AgentService", "List", [], { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await callService(base, token, "AgentService", "List", [], { origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
    const events = await rawRequest(`${base}/api/events`, { headers: { authorization: `Bearer ${token}`, origin: "http://evil.example" } });
    expect(events.status).toBe(403);
  });

  it("never sends a CORS header, not even to a preflight", async () => {
    const preflight = await rawRequest(`${base}/api/AgentService/List`, {
      method: "OPTIONS",
      headers: { origin: "http://evil.example", "access-control-request-method": "POST", authorization: `Bearer ${token}` },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    const call = await callService(base, token, "AgentService", "List", []);
    for (const response of [preflight, call]) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
    }
  });
});

describe("maia hub server: services", () => {
  it("checks arguments before a method runs", async () => {
    for (const args of ["{}", "[1]", "[]", '["maia", "extra"]', "not json"]) {
      const call = await rawRequest(`${base}/api/AgentService/Start`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: args,
      });
      expect(call.status, args).toBe(400);
      expect(call.json, args).toEqual({ error: expect.any(String) });
    }
  });

  it("answers an unknown method or agent with 404 and the reason", async () => {
    expect((await callService(base, token, "AgentService", "Explode", [])).status).toBe(404);
    const unknown = await callService(base, token, "AgentService", "Start", ["nobody"]);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: expect.stringContaining("nobody") });
  });

  it("answers an Open of a missing file with 400 and the path, and stops nothing for it", async () => {
    const wellBehaved = path.join(import.meta.dirname, "..", "agents", "testing", "well-behaved.mjs");
    const content = (await callService(base, token, "ConfigService", "Content", [])).json as { result: string };
    const withAgent = content.result.replace(/"command": .*,\n/, `"command": ${JSON.stringify(process.execPath)},\n`).replace(/"args": .*,\n/, `"args": [${JSON.stringify(wellBehaved)}],\n`);
    expect((await callService(base, token, "ConfigService", "Save", [withAgent])).json).toMatchObject({ result: { saved: true } });
    expect((await callService(base, token, "AgentService", "Start", ["maia"])).json).toEqual({ result: null });
    const missing = path.join(home, "nowhere.json");
    const open = await callService(base, token, "ConfigService", "Open", [missing]);
    expect(open.status).toBe(400);
    expect(open.json).toEqual({ error: expect.stringContaining(missing) });
    expect((await callService(base, token, "AgentService", "List", [])).json).toMatchObject({ result: [{ name: "maia", state: "ready" }] });
  });

  it("streams events to every open page", async () => {
    const first = await readEvents(base, token);
    const second = await readEvents(base, token);
    const content = (await callService(base, token, "ConfigService", "Content", [])).json as { result: string };
    const saved = await callService(base, token, "ConfigService", "Save", [content.result.replace('"name": "maia"', '"name": "maia2"')]);
    expect(saved.json, JSON.stringify(saved.json)).toMatchObject({ result: { saved: true } });
    for (const page of [first, second]) {
      await page.waitFor((event) => event.name === "config:changed" && (event.data as { valid: boolean }).valid);
      page.close();
    }
    expect((await callService(base, token, "AgentService", "List", [])).json).toMatchObject({ result: [{ name: "maia2" }] });
  });
});
