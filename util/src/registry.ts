import { ERROR_CODES, MaiaError } from "./maia-error.ts";

/**
 * A named collection that refuses collisions (Fastify's decorate rule: two plugins claiming one name is an
 * error with both names, never a silent override).
 */
export class Registry<T> {
  readonly #items = new Map<string, { item: T; owner: string }>();
  readonly #kind: string;
  readonly #keyOf: (item: T) => string;

  constructor(kind: string, keyOf: (item: T) => string) {
    this.#kind = kind;
    this.#keyOf = keyOf;
  }

  add(item: T, owner: string): void {
    const key = this.#keyOf(item);
    const existing = this.#items.get(key);
    if (existing) {
      throw new MaiaError(
        ERROR_CODES.DUPLICATE_REGISTRATION,
        `${this.#kind} "${key}" is already registered by ${existing.owner}`,
        { plugin: owner },
      );
    }
    this.#items.set(key, { item, owner });
  }

  get(key: string): T | undefined {
    return this.#items.get(key)?.item;
  }

  /** Removes what a plugin registered, when its loading fails half-way. */
  removeOwner(owner: string): void {
    for (const [key, entry] of this.#items) if (entry.owner === owner) this.#items.delete(key);
  }

  list(): T[] {
    return [...this.#items.values()].map((entry) => entry.item);
  }
}
