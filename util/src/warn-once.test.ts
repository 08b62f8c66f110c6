import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createWarnOnce } from "./warn-once.ts";

describe("createWarnOnce", () => {
  it("says each distinct message once, in the order first seen", () => {
    const said: string[] = [];
    const warnOnce = createWarnOnce((message) => said.push(message));
    for (const message of ["bad line 3", "bad line 3", "unknown key", "bad line 3"]) warnOnce(message);
    expect(said).toEqual(["bad line 3", "unknown key"]);
  });

  it("keeps its memory per helper: two plugins each warn once", () => {
    const said: string[] = [];
    const hooks = createWarnOnce((message) => said.push(`hooks: ${message}`));
    const permissions = createWarnOnce((message) => said.push(`permissions: ${message}`));
    hooks("x");
    permissions("x");
    hooks("x");
    expect(said).toEqual(["hooks: x", "permissions: x"]);
  });

  it("says exactly the distinct messages of any sequence", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 })), (messages) => {
        const said: string[] = [];
        const warnOnce = createWarnOnce((message) => said.push(message));
        for (const message of messages) warnOnce(message);
        expect(said).toEqual([...new Set(messages)]);
      }),
    );
  });
});
