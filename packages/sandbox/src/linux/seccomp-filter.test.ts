import { describe, expect, it } from "vitest";
import { seccompProgram } from "./seccomp-filter.ts";

/** A tiny interpreter of the classic BPF subset the program uses, run on a system call as the kernel shows it. */
function run(program: Buffer, call: { arch: number; nr: number; arg0?: number }): number {
  const data = Buffer.alloc(64);
  data.writeUInt32LE(call.nr, 0);
  data.writeUInt32LE(call.arch, 4);
  data.writeUInt32LE(call.arg0 ?? 0, 16);
  let a = 0;
  for (let pc = 0; pc < program.length / 8; ) {
    const code = program.readUInt16LE(pc * 8);
    const jt = program.readUInt8(pc * 8 + 2);
    const jf = program.readUInt8(pc * 8 + 3);
    const k = program.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) a = data.readUInt32LE(k);
    else if (code === 0x06) return k;
    else if (code === 0x15) pc += a === k ? jt : jf;
    else if (code === 0x35) pc += a >= k ? jt : jf;
    else if (code === 0x45) pc += (a & k) !== 0 ? jt : jf;
    else throw new Error(`unexpected instruction ${code}`);
    pc += 1;
  }
  throw new Error("fell off the program");
}

const X64 = 0xc000003e;
const ALLOW = 0x7fff0000;
const EPERM = 0x00050001;

describe("the seccomp program", () => {
  const strict = seccompProgram({ blockUnixSockets: true, blockListen: true }, "x64");
  const open = seccompProgram({ blockUnixSockets: false, blockListen: false }, "x64");

  it("refuses Unix sockets and listen when asked, and lets TCP sockets and ordinary calls through", () => {
    expect(run(strict, { arch: X64, nr: 41, arg0: 1 })).toBe(EPERM);
    expect(run(strict, { arch: X64, nr: 41, arg0: 2 })).toBe(ALLOW);
    expect(run(strict, { arch: X64, nr: 50 })).toBe(EPERM);
    expect(run(strict, { arch: X64, nr: 0 })).toBe(ALLOW);
    expect(run(open, { arch: X64, nr: 41, arg0: 1 })).toBe(ALLOW);
    expect(run(open, { arch: X64, nr: 50 })).toBe(ALLOW);
  });

  it("always refuses io_uring, new user namespaces, other architectures and x32; clone3 answers ENOSYS", () => {
    for (const program of [strict, open]) {
      for (const nr of [425, 426, 427]) expect(run(program, { arch: X64, nr })).toBe(EPERM);
      expect(run(program, { arch: X64, nr: 272, arg0: 0x10000000 })).toBe(EPERM);
      expect(run(program, { arch: X64, nr: 56, arg0: 0x10000000 | 17 })).toBe(EPERM);
      expect(run(program, { arch: X64, nr: 56, arg0: 17 })).toBe(ALLOW);
      expect(run(program, { arch: X64, nr: 435 })).toBe(0x00050000 | 38);
      expect(run(program, { arch: 0x40000003, nr: 102 })).toBe(EPERM);
      expect(run(program, { arch: X64, nr: 0x40000000 + 41, arg0: 1 })).toBe(EPERM);
    }
  });

  it("has an arm64 table", () => {
    const arm = seccompProgram({ blockUnixSockets: true, blockListen: true }, "arm64");
    expect(run(arm, { arch: 0xc00000b7, nr: 198, arg0: 1 })).toBe(EPERM);
    expect(run(arm, { arch: 0xc00000b7, nr: 201 })).toBe(EPERM);
    expect(run(arm, { arch: 0xc00000b7, nr: 63 })).toBe(ALLOW);
  });
});
