/** Seed: the `error` of a queued message that Cancel (or Drop) abandoned — a code, the same in every language. */
export const CANCELLED = "cancelled";

/**
 * An error of a `ChatService` method that the page (or a channel) should see as is; `status` is the HTTP status
 * the server answers with: 400 for a request that cannot be right (empty text, an option the request does not
 * offer, a message that is not queued), 404 for an agent or a permission request the hub does not know, 409 for
 * a thread whose file turned out to be damaged.
 */
export class ChatError extends Error {
  readonly status: 400 | 404 | 409;

  constructor(message: string, status: 400 | 404 | 409) {
    super(message);
    this.name = "ChatError";
    this.status = status;
  }
}
