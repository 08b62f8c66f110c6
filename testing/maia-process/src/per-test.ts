import { afterEach, beforeEach } from "vitest";
import { tempFolder } from "./process-helpers.ts";

/**
 * What these helpers need of a LiteLLM stand-in (the server of @maia/fake-litellm is one): write the settings
 * that point maia at it into a home folder, and stop. Named by its shape, so that this package does not depend
 * on the fake server.
 */
export interface LiteLLMStandIn {
  writeSettings(homeDir: string): unknown;
  close(): Promise<unknown>;
}

export interface ServerPerTest<Server> {
  /** The running test's server. */
  readonly server: Server;
}

export interface FoldersPerTest {
  /** The running test's HOME: empty, or holding the server's settings (maiaPerTest). */
  readonly home: string;
  /** The running test's launch folder, empty. */
  readonly cwd: string;
}

export interface MaiaPerTest<Server> extends ServerPerTest<Server>, FoldersPerTest {}

function current<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is made before each test: read it inside a test or a hook, not while the file loads`);
  return value;
}

/**
 * For each test of the calling file: a server from `start` before it, closed after it. Call at the top of the
 * file; read `.server` inside the tests.
 */
export function serverPerTest<Server extends LiteLLMStandIn>(start: () => Promise<Server>): ServerPerTest<Server> {
  let server: Server | undefined;
  beforeEach(async () => {
    server = await start();
  });
  afterEach(async () => {
    await server?.close();
  });
  return {
    get server() {
      return current(server, "The server");
    },
  };
}

/** For each test of the calling file: a fresh temporary HOME and launch folder (real paths). */
export function foldersPerTest(): FoldersPerTest {
  let folders: { home: string; cwd: string } | undefined;
  beforeEach(async () => {
    folders = { home: await tempFolder("maia-home-"), cwd: await tempFolder("maia-proj-") };
  });
  return {
    get home() {
      return current(folders, "The home folder").home;
    },
    get cwd() {
      return current(folders, "The launch folder").cwd;
    },
  };
}

/**
 * What an end-to-end test of `maia` needs, fresh for each test of the calling file: a server from `start`, a
 * temporary HOME whose settings point at it, and an empty launch folder; the server closes after the test. The
 * result can be handed to runMaia or spawnMaia as is (it has `cwd` and `home`). Hooks the file registers after
 * this call run inside it: its beforeEach after the folders and server exist, its afterEach before the server
 * closes (vitest runs after-hooks last-registered first) — the place to stop what talks to the server.
 */
export function maiaPerTest<Server extends LiteLLMStandIn>(start: () => Promise<Server>): MaiaPerTest<Server> {
  const folders = foldersPerTest();
  const running = serverPerTest(async () => {
    const server = await start();
    server.writeSettings(folders.home);
    return server;
  });
  return {
    get server() {
      return running.server;
    },
    get home() {
      return folders.home;
    },
    get cwd() {
      return folders.cwd;
    },
  };
}
