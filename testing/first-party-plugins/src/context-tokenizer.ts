import { loadO200kTokenizer, loadTokenizer, tokenizerIfReady, type CountText } from "@maia/plugin-context";

/**
 * The context plugin's process-wide tokenizer, held back until the test opens the gate: for the tests of what
 * must not wait for it. Call it before any kernel of the file counts (nobody must have loaded it yet).
 */
export function holdTokenizer(): { open(): void; loaded: Promise<CountText>; ifReady(): CountText | undefined } {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const loaded = loadTokenizer(async () => {
    await gate;
    return loadO200kTokenizer();
  });
  return { open: () => open(), loaded, ifReady: tokenizerIfReady };
}
