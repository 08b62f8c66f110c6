import { describe, expect, it } from "vitest";
import { loadWithoutFetch } from "./load-without-fetch.ts";

describe("loading Ink without fetch", () => {
  it("hides fetch while loading, then gives it back as it was, even when loading fails", async () => {
    const before = Object.getOwnPropertyDescriptor(globalThis, "fetch");
    const seen = await loadWithoutFetch(async () => typeof globalThis.fetch);
    expect(seen).toBe("undefined");
    expect(Object.getOwnPropertyDescriptor(globalThis, "fetch")).toEqual(before);
    await expect(loadWithoutFetch(async () => Promise.reject(new Error("broken chunk")))).rejects.toThrow("broken chunk");
    expect(Object.getOwnPropertyDescriptor(globalThis, "fetch")).toEqual(before);
    expect(typeof fetch).toBe("function");
  });
});
