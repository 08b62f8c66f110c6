import { describe, expect, it } from "vitest";
import { framedStreams } from "./frame-writes.ts";
import { FakeTerminal } from "./testing/fake-terminal.ts";

const BEGIN = "\u001b[?2026h";
const END = "\u001b[?2026l";

/** A terminal that keeps each write apart. */
function terminal() {
  const writes: string[] = [];
  const stream = new FakeTerminal(80, 24);
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => (writes.push(String(chunk)), write(chunk, ...rest))) as typeof stream.write;
  return { stream, writes };
}

describe("Ink's writes, one per synchronized update", () => {
  it("writes a whole update at once, and what comes outside an update as it comes", () => {
    const { stream, writes } = terminal();
    const framed = framedStreams(stream.stream, terminal().stream.stream).stdout;
    framed.write("\u001b[?25l");
    framed.write(BEGIN);
    framed.write("\u001b[2K\u001b[1A");
    framed.write("rows above\n");
    framed.write("the live area\n");
    expect(writes).toEqual(["\u001b[?25l"]);
    framed.write(END);
    framed.write("\u0007");
    expect(writes).toEqual(["\u001b[?25l", `${BEGIN}\u001b[2K\u001b[1Arows above\nthe live area\n${END}`, "\u0007"]);
  });

  it("writes an update that was never ended at the end of the task, before anything written after it", async () => {
    const { stream, writes } = terminal();
    const framed = framedStreams(stream.stream, terminal().stream.stream).stdout;
    framed.write(BEGIN);
    framed.write("half a frame");
    await Promise.resolve();
    expect(writes).toEqual([`${BEGIN}half a frame`]);
    framed.write(BEGIN);
    framed.write("cut");
    framed.write(Buffer.from("bytes"));
    expect(writes.slice(1)).toEqual([`${BEGIN}cut`, "bytes"]);
  });

  it("writes what an update holds so far before a write to stderr in its middle (Ink's patched console.error)", () => {
    const out = terminal();
    const err = terminal();
    const { stdout, stderr } = framedStreams(out.stream.stream, err.stream.stream);
    const order: string[] = [];
    const note = (name: string, stream: FakeTerminal) => {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: string, ...rest: never[]) => (order.push(`${name}:${chunk}`), write(chunk, ...rest))) as typeof stream.write;
    };
    note("out", out.stream);
    note("err", err.stream);
    stdout.write(BEGIN);
    stdout.write("erase");
    stderr.write("an error\n");
    stdout.write("frame");
    stdout.write(END);
    expect(order).toEqual([`out:${BEGIN}erase`, "err:an error\n", `out:frame${END}`]);
  });

  it("is the terminal for everything else: its size, its events", () => {
    const { stream } = terminal();
    const framed = framedStreams(stream.stream, terminal().stream.stream).stdout;
    expect([framed.columns, framed.rows, framed.isTTY]).toEqual([80, 24, true]);
    let resized = 0;
    const onResize = () => (resized += 1);
    framed.on("resize", onResize);
    stream.emit("resize");
    framed.off("resize", onResize);
    stream.emit("resize");
    expect(resized).toBe(1);
  });
});
