import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { processAlive } from "./process-alive.ts";

describe("processAlive", () => {
  it("is true for a running process and false once it has ended", async () => {
    expect(processAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
    const pid = child.pid as number;
    expect(processAlive(pid)).toBe(true);
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(processAlive(pid)).toBe(false);
  });
});
