// Reads the initialize request and never answers it (the handshake must time out). Its stderr lines come
// first, before the SDK loads, so even a short test timeout finds them.
process.stderr.write(`pid=${process.pid}\nthinking about it\n`);
const { serve } = await import("./fake-agent-kit.mjs");
serve({ neverAnswer: true });
