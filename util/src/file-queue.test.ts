import { describe, expect, it } from "vitest";
import { queueOnFile } from "./file-queue.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("queueOnFile", () => {
  it("runs the edits of one file one after the other, whoever asks and however the path is written, and others at once", async () => {
    const order: string[] = [];
    const edit = (name: string) => async () => {
      order.push(`${name} starts`);
      await tick();
      order.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([queueOnFile("/tmp/a/settings.json", edit("a1")), queueOnFile("/tmp/a/../a/settings.json", edit("a2")), queueOnFile("/tmp/b.json", edit("b"))]);
    expect(results).toEqual(["a1", "a2", "b"]);
    expect(order.indexOf("a2 starts")).toBeGreaterThan(order.indexOf("a1 ends"));
    expect(order.indexOf("b starts")).toBeLessThan(order.indexOf("a1 ends"));
  });

  it("goes on after an edit that failed, which fails for its caller alone", async () => {
    const failed = queueOnFile("/tmp/c.json", () => Promise.reject(new Error("not JSON")));
    const next = queueOnFile("/tmp/c.json", async () => "written");
    await expect(failed).rejects.toThrow("not JSON");
    await expect(next).resolves.toBe("written");
  });
});
