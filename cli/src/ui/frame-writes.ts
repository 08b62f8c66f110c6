// DEC mode 2026: the terminal shows what comes between these marks at once (Ink frames each update with them).
const BEGIN = "\u001b[?2026h";
const END = "\u001b[?2026l";

/**
 * The terminal as Ink gets it: the same streams, but the writes of one synchronized update — Ink writes its begin
 * mark, the frame's pieces and its end mark one after the other, in one go — reach the terminal as one write:
 * one system call per frame instead of three to five (issue 41). Anything else is written as it comes. Ink also
 * writes to stderr inside an update (console.error, patched, between the frame's erasing and its redrawing): what
 * the update holds so far is written first, so the terminal gets everything in Ink's order. Should an update not be
 * ended in the same go (Ink failing in the middle of a frame), what it wrote is written at the end of the task.
 */
export function framedStreams(stdout: NodeJS.WriteStream, stderr: NodeJS.WriteStream): { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream } {
  let pending: string[] | undefined;
  const flush = (): void => {
    if (!pending) return;
    const text = pending.join("");
    pending = undefined;
    if (text !== "") stdout.write(text);
  };
  const writeOut = (chunk: unknown, ...rest: unknown[]): boolean => {
    if (pending && typeof chunk === "string" && rest.length === 0) {
      pending.push(chunk);
      if (chunk === END) flush();
      return true;
    }
    flush();
    if (chunk === BEGIN && rest.length === 0) {
      pending = [chunk];
      queueMicrotask(flush);
      return true;
    }
    return (stdout.write as (...args: unknown[]) => boolean)(chunk, ...rest);
  };
  const writeErr = (...args: unknown[]): boolean => {
    // What the update holds so far, then the error; the rest of the update is still written in one go.
    if (pending && pending.length > 0) {
      stdout.write(pending.join(""));
      pending = [];
    }
    return (stderr.write as (...args: unknown[]) => boolean)(...args);
  };
  return { stdout: withWrite(stdout, writeOut), stderr: withWrite(stderr, writeErr) };
}

/** `stream` with another write: everything else is the stream's own. */
function withWrite(stream: NodeJS.WriteStream, write: (...args: unknown[]) => boolean): NodeJS.WriteStream {
  return new Proxy(stream, {
    get(target, property) {
      if (property === "write") return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
