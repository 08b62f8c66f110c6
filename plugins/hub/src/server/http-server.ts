import type { AddressInfo } from "node:net";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import type { HubEventBus } from "../events.ts";
import { t } from "../messages.ts";
import { SERVICE_ARGUMENTS, type ServiceImplementations, type ServiceName } from "../protocol.ts";
import { argumentsValidator } from "./arguments.ts";
import { channelRefusal, registerChannelRoute, type ChannelOptions } from "./channel-route.ts";
import { serveEvents } from "./event-stream.ts";
import { noteLoaded } from "@maia/util/trace-loads";
import { readIcon, type PageFiles } from "./page-files.ts";
import { CONTENT_SECURITY_POLICY, cookieName, hostAllowed, hostWithPort, originAllowed, readCookie, tokenMatches } from "./security.ts";

/** An error a service method answers on purpose, with the HTTP status it maps to (404 unknown, 409 refused…). */
export interface StatusError extends Error {
  status: number;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : undefined;
}

export interface HubServerOptions {
  services: ServiceImplementations;
  events: HubEventBus;
  page: PageFiles;
  token: string;
  /** The address to bind (127.0.0.1 unless `--host` says otherwise). */
  host: string;
  /** 0 = a free port. */
  port: number;
  /** The image file of an agent whose icon is a path, or undefined (emoji, unknown agent). */
  iconFile(agent: string): string | undefined;
  /** `POST /channels/<name>`; without it, there are no channels. */
  channels?: ChannelOptions;
}

export interface HubServer {
  /** The address the page is opened at, with its token. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The hub's HTTP server: the page, `POST /api/<Service>/<Method>`, `GET /api/events`. Every request passes the
 * same gate first (Host, token, and for the API Origin, Sec-Fetch-Site and the JSON content type), so no route
 * can forget a check. No CORS header is ever sent: a browser then refuses any other site's page the answers.
 */
export async function startHubServer(options: HubServerOptions): Promise<HubServer> {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, forceCloseConnections: true });
  let port = options.port;
  const cookie = () => cookieName(port);

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).header("content-type", "application/json; charset=utf-8").send(JSON.stringify({ error: message }));

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "no-referrer");
    reply.header("x-frame-options", "DENY");
    reply.header("cache-control", "no-store");
    const host = request.headers.host;
    if (!hostAllowed(host, options.host, port)) {
      return refuse(reply, 403, t("badHost", { host: host ?? "", expected: hostWithPort("127.0.0.1", port) }));
    }
    const url = new URL(request.url, "http://hub");
    // A channel has its own token instead of the page's (channel-route.ts); the Host check above still applies.
    if (url.pathname.startsWith("/channels/")) {
      const refusal = channelRefusal(options.channels, url.pathname.slice("/channels/".length), request.method, request.headers);
      return refusal ? refuse(reply, refusal.status, refusal.message) : undefined;
    }
    const visit = url.searchParams.get("token") ?? undefined;
    if (request.method === "GET" && url.pathname === "/" && visit !== undefined) {
      // The one visit with `?token=` trades it for a cookie and drops it from the address bar and history.
      if (!tokenMatches(visit, options.token)) return refuse(reply, 401, t("needToken"));
      reply.header("set-cookie", `${cookie()}=${options.token}; HttpOnly; SameSite=Strict; Path=/`);
      return reply.code(302).header("location", "/").send();
    }
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!tokenMatches(bearer ?? readCookie(request.headers.cookie, cookie()), options.token)) {
      if (url.pathname === "/" && request.method === "GET") {
        return reply.code(401).header("content-type", "text/plain; charset=utf-8").send(t("needToken"));
      }
      return refuse(reply, 401, t("needToken"));
    }
    if (!url.pathname.startsWith("/api/")) return;
    if (request.headers["sec-fetch-site"] === "cross-site") return refuse(reply, 403, t("crossSite"));
    const origin = request.headers.origin;
    if (!originAllowed(origin, host)) return refuse(reply, 403, t("badOrigin", { origin: origin ?? "" }));
    if (request.method === "POST") {
      const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") return refuse(reply, 415, t("needJson"));
    }
  });

  // Only JSON is ever parsed; any other body type was refused above.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string) as unknown);
    } catch {
      done(Object.assign(new Error(t("needJson")), { statusCode: 400 }), undefined);
    }
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
    return refuse(reply, status, error.message);
  });
  app.setNotFoundHandler((_request, reply) => refuse(reply, 404, t("notFound")));

  for (const service of Object.keys(SERVICE_ARGUMENTS) as ServiceName[]) {
    const methods = options.services[service] as Record<string, (...args: unknown[]) => unknown>;
    for (const method of Object.keys(SERVICE_ARGUMENTS[service])) {
      const validate = argumentsValidator(service, method);
      app.post(`/api/${service}/${method}`, async (request: FastifyRequest, reply: FastifyReply) => {
        const args = request.body;
        const problem = validate(args);
        if (problem !== undefined) return refuse(reply, 400, t("badArguments", { service, method, details: problem }));
        try {
          const result = await methods[method]!(...(args as unknown[]));
          return reply.header("content-type", "application/json; charset=utf-8").send(JSON.stringify({ result: result ?? null }));
        } catch (error) {
          const status = statusOf(error);
          const message = error instanceof Error ? error.message : String(error);
          return refuse(reply, status ?? 500, status === undefined ? t("internalError", { service, method, cause: message }) : message);
        }
      });
    }
  }
  app.post("/api/:service/:method", async (request, reply) => {
    const { service, method } = request.params as { service: string; method: string };
    return refuse(reply, 404, t("unknownMethod", { service, method }));
  });

  registerChannelRoute(app, options.channels);

  app.get("/api/events", (request, reply) => {
    reply.hijack();
    serveEvents(request.raw, reply.raw, options.events);
  });

  app.get("/api/icon/:name", async (request, reply) => {
    const icon = await readIcon(options.iconFile((request.params as { name: string }).name));
    if (!icon) return refuse(reply, 404, t("notFound"));
    return reply.header("content-type", icon.type).header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'").send(icon.bytes);
  });

  app.get("/*", async (request, reply) => {
    const file = options.page.get(new URL(request.url, "http://hub").pathname);
    if (!file) {
      if (options.page.size === 0) return refuse(reply, 404, t("pageMissing"));
      return refuse(reply, 404, t("notFound"));
    }
    if (file.file !== undefined) noteLoaded(file.file);
    return reply.header("content-type", file.type).header("content-security-policy", CONTENT_SECURITY_POLICY).send(file.bytes);
  });

  await app.listen({ host: options.host, port: options.port });
  port = (app.server.address() as AddressInfo).port;
  const shownHost = options.host === "0.0.0.0" || options.host === "::" ? "127.0.0.1" : options.host;
  return {
    url: `http://${hostWithPort(shownHost, port)}/?token=${options.token}`,
    port,
    close: () => app.close(),
  };
}
