import { describe, expect, it } from "vitest";
import { Attention, notifyDisabled } from "./attention.ts";

function attention(focused: boolean, enabled = true) {
  const written: string[] = [];
  const state = { focused };
  const port = new Attention({ write: (bytes) => written.push(bytes), focused: () => state.focused, enabled });
  return { port, written, state };
}

describe("Attention", () => {
  it("rings and titles only while unfocused, saving the title once and giving it back with the focus", () => {
    const { port, written, state } = attention(true);
    expect(port.call("done")).toBe(false);
    expect(written).toEqual([]);
    state.focused = false;
    expect(port.call("waiting")).toBe(true);
    expect(port.call("done")).toBe(true);
    expect(written[0]).toMatch(/^\u001b\[22;2t\u001b\]2;MAIA — .+\u0007\u0007$/);
    expect(written[1]?.startsWith("\u001b[22;2t")).toBe(false);
    port.restore();
    port.restore();
    expect(written.slice(2)).toEqual(["\u001b[23;2t"]);
  });

  it("does nothing when turned off", () => {
    const { port, written } = attention(false, false);
    expect(port.call("done")).toBe(false);
    expect(written).toEqual([]);
  });

  it("reads MAIA_NO_NOTIFY", () => {
    expect(notifyDisabled({})).toBe(false);
    expect(notifyDisabled({ MAIA_NO_NOTIFY: "0" })).toBe(false);
    expect(notifyDisabled({ MAIA_NO_NOTIFY: "false" })).toBe(false);
    expect(notifyDisabled({ MAIA_NO_NOTIFY: "1" })).toBe(true);
  });
});
