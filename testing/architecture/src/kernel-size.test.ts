import { describe, expect, it } from "vitest";
import { codeLines, KERNEL_LIMITS, kernelSize } from "./kernel-size.ts";
import { sourceFile } from "./source-files.ts";

describe("the kernel's size (docs/architecture.md)", () => {
  it("stays within its budget: lines of code in kernel/src, comments, blank lines and tests left out", () => {
    const size = kernelSize();
    const largest = size.files.slice(0, 5).map(({ file, lines }) => `${file}: ${lines}`);
    console.info(`kernel/src: ${size.outsideContracts} lines of code outside contracts/, ${size.all} in all (largest: ${largest.join(", ")})`);
    expect(size.outsideContracts, "outside contracts/: move what is not the kernel's to @maia/util or a front end").toBeLessThanOrEqual(KERNEL_LIMITS.outsideContracts);
    expect(size.all, "in all").toBeLessThanOrEqual(KERNEL_LIMITS.all);
  });

  it("counts the lines that hold a token, whatever comments and strings look like", () => {
    const count = (text: string) => codeLines(sourceFile("kernel/src/x.ts", text));
    expect(count("")).toBe(0);
    expect(count("// a comment\n\n/** doc\n * more\n */\n")).toBe(0);
    expect(count("const a = 1; // trailing\n\n/* block */ const b = 2;\n")).toBe(2);
    expect(count("const s = `one\n// not a comment\n${1}\nthree`;\n")).toBe(4);
    expect(count("const r = /\\/\\/ x/;\nconst u = 'http://x';\n")).toBe(2);
    expect(count("f(\n  1,\n\n  2,\n);\n")).toBe(4);
  });
});
