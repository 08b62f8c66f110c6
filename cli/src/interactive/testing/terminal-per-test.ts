import { startFakeLiteLLM, type FakeLiteLLM, type FakeLiteLLMOptions } from "@maia/fake-litellm";
import { serverPerTest } from "@maia/testing-maia";
import { afterEach } from "vitest";
import { startMaia, type MaiaTerminal, type StartOptions } from "./maia-terminal.ts";
import type { TmuxTerminal } from "./tmux-terminal.ts";

export interface TerminalPerTest {
  /** The running test's fake LiteLLM server. */
  readonly server: FakeLiteLLM;
  /** Starts `maia` in a real terminal against that server; every terminal started is closed after the test. */
  start(options: StartOptions): Promise<MaiaTerminal>;
}

/**
 * For each test of the calling file: a fake LiteLLM server made with `options`, and `start` to run `maia` in a
 * terminal against it. After the test the terminals close first (maia exits while its server still answers:
 * vitest runs after-hooks last-registered first), then the server.
 */
export function terminalPerTest(options: FakeLiteLLMOptions = {}): TerminalPerTest {
  const running = serverPerTest(() => startFakeLiteLLM(options));
  const terminals: TmuxTerminal[] = [];
  afterEach(async () => {
    for (const terminal of terminals.splice(0)) await terminal.close();
  });
  return {
    get server() {
      return running.server;
    },
    async start(startOptions) {
      const maia = await startMaia(running.server, startOptions);
      terminals.push(maia.terminal);
      return maia;
    },
  };
}
