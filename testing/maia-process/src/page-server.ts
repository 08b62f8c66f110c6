import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One route of a {@link startPageServer}: a body with its content type, or a redirect. */
export type PageRoute = { type: string; body: string } | { redirect: string; status?: 301 | 302 | 303 | 307 | 308 };

export interface PageServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string;
  /** The paths requested, in order. */
  readonly hits: readonly string[];
  close(): Promise<void>;
}

/**
 * A real web server on 127.0.0.1 (port 0) serving fixed pages, for the end-to-end tests of WebFetch: what a model
 * fetches goes over a real socket, through the bundle's own fetch and HTML conversion. Unknown paths are 404.
 */
export async function startPageServer(routes: Record<string, PageRoute>): Promise<PageServer> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://page").pathname;
    hits.push(pathname);
    const route = routes[pathname];
    if (route === undefined) response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    else if ("redirect" in route) response.writeHead(route.status ?? 301, { location: route.redirect }).end();
    else response.writeHead(200, { "content-type": route.type }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
