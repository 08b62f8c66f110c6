import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { harnessPerTest } from "./testing/harness.ts";

const h = harnessPerTest();

describe("Read never returns raw control characters", () => {
  it("shows ESC, BEL, a lone CR and a NUL past the sniffing window as visible stand-ins; tab, CRLF and line numbers stay", async () => {
    // A NUL in the first 8 KB makes the file binary (as git decides): this one comes later.
    const padding = `${"x".repeat(80)}\n`.repeat(120);
    const text = `${padding}\u001b[31mred\u001b[0m\u0007\r\nhidden\roverwritten\n\tnul:\u0000end\n`;
    await writeFile(path.join(h.cwd, "odd.txt"), text);
    const result = await h.run("Read", { path: "odd.txt", offset: 121 });
    expect(result.isError).toBe(false);
    expect(result.text).toBe("   121\t\u241b[31mred\u241b[0m\u2407\n   122\thidden\u240doverwritten\n   123\t\tnul:\u2400end");
    expect(/[\u0000-\u0008\u000b-\u001f\u007f]/.test(result.text)).toBe(false);
  });
});
