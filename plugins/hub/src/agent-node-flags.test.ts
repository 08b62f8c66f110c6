import { describe, expect, it } from "vitest";
import { agentNodeFlags } from "./run-hub.ts";

describe("the Node flags of the hub's MAIA agents", () => {
  it("are the hub's own, less a debugger's and a profiler's", () => {
    const hub = ["--max-semi-space-size=4", "--min-semi-space-size=4", "--expose-gc", "--inspect=9229", "--inspect-brk", "--cpu-prof", "--cpu-prof-dir=/tmp/p", "--heap-prof"];
    expect(agentNodeFlags(hub)).toEqual(["--max-semi-space-size=4", "--min-semi-space-size=4", "--expose-gc"]);
    expect(agentNodeFlags([])).toEqual([]);
  });
});
