import type { SessionUpdate } from "@agentclientprotocol/sdk";

type Produce = () => SessionUpdate | undefined | Promise<SessionUpdate | undefined>;

/**
 * The `session/update`s of one session, sent one after the other in the order they were pushed, even when one
 * of them needs async work first (a diff read from disk). Until `open` the updates are held: a client routes
 * updates by session id and only knows the id once `session/new` (or `session/load`) has answered.
 */
export class UpdateQueue {
  readonly #send: (update: SessionUpdate) => Promise<void>;
  readonly #onError: (error: unknown) => void;
  #held: Produce[] | undefined = [];
  #chain: Promise<void> = Promise.resolve();

  constructor(send: (update: SessionUpdate) => Promise<void>, onError: (error: unknown) => void) {
    this.#send = send;
    this.#onError = onError;
  }

  push(produce: Produce | SessionUpdate): void {
    const step: Produce = typeof produce === "function" ? produce : () => produce;
    if (this.#held) this.#held.push(step);
    else this.#enqueue(step);
  }

  /** Sends what was held, then everything pushed later as it comes. */
  open(): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    for (const step of held) this.#enqueue(step);
  }

  /** Resolves when everything pushed so far has been written (or has failed, which is reported). */
  async flush(): Promise<void> {
    let seen: Promise<void> | undefined;
    // Steps may push more steps; wait until the chain stops growing.
    while (seen !== this.#chain) {
      seen = this.#chain;
      await seen;
    }
  }

  #enqueue(step: Produce): void {
    this.#chain = this.#chain.then(async () => {
      try {
        const update = await step();
        if (update) await this.#send(update);
      } catch (error) {
        this.#onError(error);
      }
    });
  }
}
