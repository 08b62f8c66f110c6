import { loadO200kTokenizer, type CountText } from "./tokenizers.ts";

/**
 * The process-wide tokenizer, loaded lazily: its tables take a few hundred milliseconds to parse, so nothing on
 * the start-up path waits for them (DESIGN.md, start-up path). Counting asks `tokenizerIfReady()` and, when it is
 * not there yet, `loadTokenizer()` and counts again when it arrives.
 */
let loading: Promise<CountText> | undefined;
let ready: CountText | undefined;

export function tokenizerIfReady(): CountText | undefined {
  return ready;
}

/** Starts loading once; a failed load may be retried by a later call. */
export function loadTokenizer(load: () => Promise<CountText> = loadO200kTokenizer): Promise<CountText> {
  loading ??= load().then(
    (count) => {
      ready = count;
      return count;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts loading after the current macrotask, so that whatever the front end draws synchronously once the
 * session exists (the input box) is drawn before the tables are parsed on this thread.
 */
export function loadTokenizerSoon(): Promise<CountText> {
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => loadTokenizer());
}
