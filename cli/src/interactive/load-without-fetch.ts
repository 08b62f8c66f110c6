/**
 * Runs `load` while `globalThis.fetch` is hidden, then puts it back untouched.
 *
 * Ink's layout engine (Yoga) is WebAssembly embedded as a data: URL; its Emscripten loader fetches that URL when
 * `fetch` exists, which makes Node load its whole HTTP client (undici) — 25 to 30 ms of CPU before the first frame
 * can be drawn. Without `fetch` it decodes the same bytes directly. The HTTP client is loaded later, beside the
 * first draw, when the LiteLLM provider needs it. The property is replaced by its own descriptor, so Node's lazy
 * getter is neither triggered nor lost.
 */
export async function loadWithoutFetch<T>(load: () => Promise<T>): Promise<T> {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, "fetch");
  if (!descriptor?.configurable) return load();
  Object.defineProperty(globalThis, "fetch", { value: undefined, configurable: true, writable: true });
  try {
    return await load();
  } finally {
    Object.defineProperty(globalThis, "fetch", descriptor);
  }
}
