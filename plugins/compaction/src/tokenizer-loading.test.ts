import { expect, it } from "vitest";
// The context plugin's process-wide tokenizer, loaded here through a gate the test opens (see the context
// plugin's lazy-tokenizer.test.ts: its own file, so that nobody loaded it before).
import { holdTokenizer } from "@maia/testing-plugins";
import { lastUserText, prose, runCommand, setUpPerTest } from "./testing/setup.ts";

const SUMMARY = "## Project context\n- a test\n## Next steps\n- go on";

const setUp = setUpPerTest();

it("the check after a turn does not wait for a tokenizer still loading; the next turn's check compacts", { timeout: 30_000 }, async () => {
  const { open, loaded, ifReady: tokenizerIfReady } = holdTokenizer();
  const setup = await setUp({ max: 6_000, waitForTokenizer: false });
  const { kernel, server, session, host, context } = setup;
  await runCommand(kernel, host, "rename", "slow-tokenizer");
  expect(tokenizerIfReady()).toBeUndefined();

  // Over the threshold (1 500) after this turn, but nobody can count yet: the turn ends at once, uncompacted.
  server.enqueue({ text: prose(2_000) });
  // The tokenizer's gate stays closed: a check that waited for it would never end, and the test would fail at
  // its time limit (no race against a clock, which a loaded machine loses).
  expect((await kernel.runTurn(session, "Write a lot")).status).toBe("done");
  expect(tokenizerIfReady()).toBeUndefined();
  expect(context.count(session)).toBeUndefined();
  expect(server.chatBodies()).toHaveLength(1);
  expect(session.messages).toHaveLength(2);
  expect(session.startContext).toBeUndefined();

  // The tokenizer arrives; the next turn's before-send check finds the context over the threshold and compacts.
  open();
  await loaded;
  expect(context.count(session)).toBeGreaterThan(1_500);
  server.enqueue({ text: SUMMARY }, { text: "Answered on the summary." });
  expect((await kernel.runTurn(session, "go on")).status).toBe("done");
  const bodies = server.chatBodies();
  expect(bodies).toHaveLength(3);
  expect(lastUserText(bodies[1])).toMatch(/^Make a compacted summary of our exchanges\./);
  expect(lastUserText(bodies[2])).toBe("go on");
  expect(session.startContext).toBe(SUMMARY);
  expect(session.messages).toHaveLength(2);
  expect(session.state.get("sessions:name")).toBe("slow-tokenizer__1");
});
