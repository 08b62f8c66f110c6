import { describe, expect, it } from "vitest";
import { spinnerFrame } from "./spinner.tsx";

describe("spinner frames", () => {
  it("follow the clock from the spinner's start, so that a redraw made by anything shows the frame of its moment", () => {
    expect([1_000, 1_079, 1_080, 1_159, 1_160, 1_800].map((now) => spinnerFrame(now, 1_000, 80, 10))).toEqual([0, 0, 1, 1, 2, 0]);
  });

  it("rest on the first frame once `until` has passed", () => {
    expect(spinnerFrame(1_000, 0, 80, 10, 900)).toBe(0);
    expect(spinnerFrame(880, 0, 80, 10, 900)).toBe(1);
  });
});
