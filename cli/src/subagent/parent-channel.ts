import type { InteractionPort } from "@maia/kernel";
// The protocol both ends share, not the subagents plugin's code: `start` is read before any plugin is loaded.
import { parseParentMessage, type ChildMessage, type McpCallResult, type StartSpec } from "@maia/subagent-protocol";
import { t } from "./messages.ts";

/** The part of a Node process this channel needs (a forked child: `process` itself). */
export interface IpcProcess {
  send?(message: unknown, callback?: (error: Error | null) => void): boolean;
  connected?: boolean;
  disconnect?(): void;
  on(event: "message", listener: (message: unknown) => void): unknown;
  on(event: "disconnect", listener: () => void): unknown;
}

/**
 * The sub-agent's end of the IPC channel (seed § 20.2): waits for `start`, relays confirmations to the parent and
 * waits for their `confirm-result`, hears `abort`, and notices when the parent goes away. Messages that do not fit
 * the protocol are ignored.
 */
export class ParentChannel {
  readonly #process: IpcProcess;
  readonly #pending = new Map<number, (ok: boolean) => void>();
  readonly #calls = new Map<number, { name: string; resolve: (result: McpCallResult) => void }>();
  #nextId = 1;
  #start: ((spec: StartSpec | undefined) => void) | undefined;
  #startPromise: Promise<StartSpec | undefined>;
  #lost = false;
  /** The parent asked to stop (Ctrl+C, time limit). */
  onAbort: () => void = () => undefined;
  /** The parent is gone (its process ended): nobody will read what this process does. */
  onLost: () => void = () => undefined;

  constructor(ipc: IpcProcess) {
    this.#process = ipc;
    this.#startPromise = new Promise((resolve) => {
      this.#start = resolve;
    });
    ipc.on("message", (raw) => this.#receive(raw));
    ipc.on("disconnect", () => {
      this.#lost = true;
      this.refusePending();
      for (const [id, call] of this.#calls) this.#settleCall(id, { content: t("mcpParentGone", { name: call.name }), isError: true });
      this.#start?.(undefined);
      this.onLost();
    });
  }

  get connected(): boolean {
    return !this.#lost && this.#process.connected === true;
  }

  /** The `start` message's spec, or undefined when the parent left before sending it. */
  waitForStart(): Promise<StartSpec | undefined> {
    return this.#startPromise;
  }

  /** Sends and waits until the message is handed to the channel (so that `done` is out before the process ends). */
  send(message: ChildMessage): Promise<void> {
    return new Promise((resolve) => {
      if (!this.connected || !this.#process.send) return resolve();
      try {
        this.#process.send(message, () => resolve());
      } catch {
        resolve();
      }
    });
  }

  /** Answers every question still waiting with « no » (the parent aborted or left). */
  refusePending(): void {
    for (const answer of this.#pending.values()) answer(false);
    this.#pending.clear();
  }

  /** Closes the channel: the parent sees the end of the process next. */
  close(): void {
    if (this.connected) this.#process.disconnect?.();
  }

  /**
   * The sub-agent's interaction port: each confirmation is asked by the parent (« [sub-agent x] Allow … ? »).
   * `canAsk` false (a headless parent) lets the runner refuse at once, with its message about `--allow`.
   */
  interaction(canAsk: boolean): InteractionPort {
    return {
      canAsk,
      confirm: (message, signal) =>
        new Promise<boolean>((resolve) => {
          if (!this.connected || signal?.aborted) return resolve(false);
          const id = this.#nextId++;
          const answer = (ok: boolean) => {
            signal?.removeEventListener("abort", onAbort);
            this.#pending.delete(id);
            resolve(ok);
          };
          const onAbort = () => answer(false);
          signal?.addEventListener("abort", onAbort, { once: true });
          this.#pending.set(id, answer);
          void this.send({ type: "confirm", id, message });
        }),
    };
  }

  /**
   * One MCP tool call run by the parent on its own connection (seed § 22 for sub-agents): the answer as the model
   * will read it. An abort (Ctrl+C, the run's end) tells the parent to stop the call and rejects with AbortError,
   * as a tool does; a parent that is gone gives an error result.
   */
  callMcp(name: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<McpCallResult> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      if (!this.connected) return resolve({ content: t("mcpParentGone", { name }), isError: true });
      const id = this.#nextId++;
      const onAbort = () => {
        if (!this.#calls.has(id)) return;
        this.#calls.delete(id);
        void this.send({ type: "mcp-cancel", id });
        reject(abortError());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#calls.set(id, {
        name,
        resolve: (result) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(result);
        },
      });
      void this.send({ type: "mcp-call", id, name, input });
    });
  }

  #settleCall(id: number, result: McpCallResult): void {
    const call = this.#calls.get(id);
    if (!call) return;
    this.#calls.delete(id);
    call.resolve(result);
  }

  #receive(raw: unknown): void {
    const message = parseParentMessage(raw);
    if (!message) return;
    switch (message.type) {
      case "start": {
        const start = this.#start;
        this.#start = undefined;
        start?.(message.spec);
        return;
      }
      case "confirm-result":
        this.#pending.get(message.id)?.(message.ok);
        return;
      case "mcp-result":
        this.#settleCall(message.id, { content: message.content, isError: message.isError });
        return;
      case "abort":
        this.refusePending();
        this.onAbort();
        return;
    }
  }
}

function abortError(): Error {
  return Object.assign(new Error("aborted"), { name: "AbortError" });
}
