import type { ChatMessage } from "../protocol.ts";

/** A message taken off the queue, with who hears its turn. */
export interface Queued<Observer> {
  message: ChatMessage;
  observer: Observer | undefined;
}

/** The user messages of one thread waiting for the agent, in order, each with who hears its turn (a channel). */
export class MessageQueue<Observer> {
  readonly #messages: ChatMessage[] = [];
  readonly #observers = new Map<string, Observer>();

  get length(): number {
    return this.#messages.length;
  }

  push(message: ChatMessage, observer?: Observer): void {
    this.#messages.push(message);
    if (observer) this.#observers.set(message.id, observer);
  }

  holds(messageId: string): boolean {
    return this.#messages.some((message) => message.id === messageId);
  }

  /** The first message, taken off with its observer. */
  shift(): Queued<Observer> | undefined {
    const message = this.#messages.shift();
    return message ? { message, observer: this.#takeObserver(message.id) } : undefined;
  }

  /** One message taken off wherever it is, with its observer; undefined when it does not wait here. */
  remove(messageId: string): Queued<Observer> | undefined {
    const index = this.#messages.findIndex((message) => message.id === messageId);
    if (index < 0) return undefined;
    const [message] = this.#messages.splice(index, 1);
    return { message: message!, observer: this.#takeObserver(messageId) };
  }

  /** Every message taken off, in order, with its observer. */
  clear(): Queued<Observer>[] {
    return this.#messages.splice(0).map((message) => ({ message, observer: this.#takeObserver(message.id) }));
  }

  /** The observers taken off (the messages stay): none of them will hear anything. */
  takeObservers(): Observer[] {
    const observers = [...this.#observers.values()];
    this.#observers.clear();
    return observers;
  }

  #takeObserver(messageId: string): Observer | undefined {
    const observer = this.#observers.get(messageId);
    this.#observers.delete(messageId);
    return observer;
  }
}
