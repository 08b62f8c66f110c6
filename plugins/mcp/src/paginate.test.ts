import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listAllPages, type Page } from "./paginate.ts";

/** A server's pages as a list: page i hands out cursor `c{i+1}` unless it is the last. */
function pagesOf(pages: number[][]): (cursor: string | undefined) => Promise<Page<number>> {
  return async (cursor) => {
    const index = cursor === undefined ? 0 : Number(cursor.slice(1));
    const items = pages[index] ?? [];
    return index + 1 < pages.length ? { items, nextCursor: `c${index + 1}` } : { items };
  };
}

describe("listAllPages", () => {
  it("reads every page in order, whatever their number and sizes, within the cap", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.integer(), { maxLength: 5 }), { minLength: 1, maxLength: 20 }), async (pages) => {
        const listed = await listAllPages(pagesOf(pages), 20);
        expect(listed).toEqual({ items: pages.flat(), truncated: false });
      }),
    );
  });

  it("stops at the cap and says the list was cut", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), async (count, cap) => {
        const pages = Array.from({ length: count }, (_, index) => [index]);
        const listed = await listAllPages(pagesOf(pages), cap);
        expect(listed.items).toEqual(pages.flat().slice(0, cap));
        expect(listed.truncated).toBe(count > cap);
      }),
    );
  });

  it("ends on a cursor seen before instead of looping", async () => {
    let calls = 0;
    const listed = await listAllPages(async () => {
      calls += 1;
      return { items: [calls], nextCursor: "same" };
    }, 100);
    expect(listed).toEqual({ items: [1, 2], truncated: false });
  });
});
