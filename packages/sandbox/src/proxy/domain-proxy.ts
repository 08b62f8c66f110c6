import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { lookup } from "node:dns/promises";
import { connect, isIP, type Socket } from "node:net";
import { hostAllowed, parseDomainPattern, type DomainPattern } from "./domains.ts";

export interface ProxyRefusal {
  host: string;
  port: number;
  at: number;
}

export interface DomainProxyOptions {
  allowedDomains: readonly string[];
  deniedDomains: readonly string[];
  /** A Unix socket path (Linux: bound into the sandbox, relayed by socat) or a TCP port on 127.0.0.1 (macOS). */
  listen: { socket: string } | { port: number };
}

/**
 * The network proxy of the sandbox, running in MAIA's process, outside the sandbox: HTTP proxy requests and
 * CONNECT tunnels (HTTPS, and anything else a client tunnels) to an allowed host are passed on, every other
 * host gets a 403 with a sentence that says why, and is remembered for the refusal message and `/sandbox`.
 * It never resolves or reaches a host it refused.
 */
export class DomainProxy {
  readonly #allowed: DomainPattern[];
  readonly #denied: DomainPattern[];
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly refusals: ProxyRefusal[] = [];
  readonly #options: DomainProxyOptions;
  #address: string | number | undefined;

  constructor(options: DomainProxyOptions) {
    this.#options = options;
    this.#allowed = options.allowedDomains.flatMap((text) => parseDomainPattern(text) ?? []);
    this.#denied = options.deniedDomains.flatMap((text) => parseDomainPattern(text) ?? []);
    this.#server = createServer((request, response) => this.#forward(request, response));
    this.#server.on("connect", (request: IncomingMessage, socket: Socket, head: Buffer) => this.#tunnel(request, socket, head));
    this.#server.on("connection", (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once("close", () => this.#sockets.delete(socket));
    });
  }

  /** Starts listening; resolves with the socket path or the TCP port. */
  async start(): Promise<string | number> {
    const { listen } = this.#options;
    await new Promise<void>((resolve, reject) => {
      this.#server.once("error", reject);
      if ("socket" in listen) this.#server.listen(listen.socket, () => resolve());
      else this.#server.listen(listen.port, "127.0.0.1", () => resolve());
    });
    this.#server.unref();
    const address = this.#server.address();
    this.#address = typeof address === "string" ? address : (address?.port ?? 0);
    return this.#address;
  }

  get address(): string | number | undefined {
    return this.#address;
  }

  allows(host: string, port: number): boolean {
    return hostAllowed(host, port, this.#allowed, this.#denied);
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #refuse(host: string, port: number): void {
    this.refusals.push({ host, port, at: Date.now() });
    if (this.refusals.length > 50) this.refusals.shift();
  }

  /**
   * The address to connect to for an allowed host: looked up once, here, and refused when a name resolves to this
   * machine's loopback, a link-local address (cloud metadata) or an unspecified one — a domain pointed at
   * 127.0.0.1 would otherwise reach the services of the machine the sandbox shuts out. Naming `localhost` or the
   * IP itself in allowedDomains allows it. Undefined: refused.
   */
  async #resolve(host: string, port: number): Promise<string | undefined> {
    if (!this.allows(host, port)) return undefined;
    const bare = host.startsWith("[") ? host.slice(1, -1) : host;
    if (isIP(bare) !== 0 || bare.toLowerCase() === "localhost") return bare;
    try {
      const { address } = await lookup(bare);
      return isLocalAddress(address) ? undefined : address;
    } catch {
      return undefined;
    }
  }

  #tunnel(request: IncomingMessage, client: Socket, head: Buffer): void {
    client.on("error", () => client.destroy());
    void this.#tunnelTo(request, client, head);
  }

  async #tunnelTo(request: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    const target = splitHostPort(request.url ?? "", 443);
    const address = target ? await this.#resolve(target.host, target.port) : undefined;
    if (!target || address === undefined) {
      if (target) this.#refuse(target.host, target.port);
      client.end(refusal(target?.host ?? String(request.url)));
      return;
    }
    const upstream = connect(target.port, address, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.end("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"));
    client.once("close", () => upstream.destroy());
  }

  #forward(request: IncomingMessage, response: ServerResponse): void {
    void this.#forwardTo(request, response);
  }

  async #forwardTo(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(request.url ?? "");
    } catch {
      response.writeHead(400, { "content-type": "text/plain" }).end("MAIA sandbox proxy: only proxy requests (absolute URLs) are served\n");
      return;
    }
    const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
    const address = url.protocol === "http:" ? await this.#resolve(url.hostname, port) : undefined;
    if (address === undefined) {
      this.#refuse(url.hostname, port);
      response.writeHead(403, { "content-type": "text/plain", connection: "close" }).end(refusalText(url.hostname));
      return;
    }
    const upstream = httpRequest(
      { host: address, port, method: request.method, path: `${url.pathname}${url.search}`, headers: withoutProxyHeaders(request.headers) },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end();
    });
    request.pipe(upstream);
  }
}

function splitHostPort(text: string, defaultPort: number): { host: string; port: number } | undefined {
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(text.trim());
  if (!match?.[1]) return undefined;
  const port = match[2] === undefined ? defaultPort : Number(match[2]);
  return port > 0 && port < 65_536 ? { host: match[1], port } : undefined;
}

function refusalText(host: string): string {
  return `MAIA sandbox: ${host} is not an allowed domain (sandbox.network.allowedDomains)\n`;
}

function refusal(host: string): string {
  const body = refusalText(host);
  return `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

function withoutProxyHeaders(headers: IncomingMessage["headers"]): IncomingMessage["headers"] {
  const out = { ...headers };
  delete out["proxy-connection"];
  delete out["proxy-authorization"];
  return out;
}

/** This machine's loopback, link-local (169.254/16: cloud metadata; fe80::/10) and unspecified addresses. */
export function isLocalAddress(address: string): boolean {
  const text = address.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(text) === 4) return text.startsWith("127.") || text.startsWith("169.254.") || text.startsWith("0.");
  return text === "::1" || text === "::" || /^fe[89ab]/.test(text);
}
