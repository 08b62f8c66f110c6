// Images (issue 38): the time to attach a 4K screenshot and encode it for the model — read, identify, scale down
// to 2048 pixels in photon's worker thread, encode again, hash and turn into base64 — in this process, then the
// whole `maia -p --image` against the fake LiteLLM server, beside the same run without an image. Needs the bundle
// (`pnpm bench` builds it first). The screenshot is synthetic (made here: bars of colour and lines of "text"
// pixels), so that the figures do not depend on a file in the repository.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { prepareImage, stopImageWorker } from "@maia/images";
import { makePng } from "@maia/images/testing";
import { formatMs, summarise } from "./stats.mjs";
import { shebangFlags } from "./node-flags.mjs";
import { machineLine } from "./machine.mjs";

console.log(machineLine());

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const maia = process.env.MAIA_TEST_BIN || path.join(root, "cli", "dist", "maia.js");
const runs = Number(process.env.BENCH_RUNS ?? 8);
const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-bench-images-"));
const home = mkdtempSync(path.join(os.tmpdir(), "maia-bench-images-home-"));

/** A screenshot-like 3840×2160 PNG: a dark editor, a side bar, lines of light "glyph" pixels, a blue panel. */
function screenshot(width, height) {
  return makePng(width, height, {
    pixel: (x, y) => {
      if (y < 60) return [51, 51, 51];
      if (x < 450) return (y % 30 < 14 && x > 20 && x < 200 && (x * 7 + y) % 5 < 3) ? [204, 204, 204] : [37, 37, 38];
      if (x > 2600 && x < 3700 && y > 300 && y < 1100) return [14, 99, 156];
      const line = y % 22 < 14 && y < 2100;
      return line && x < 600 + ((y * 37) % 2400) && (x * 13 + y * 7) % 9 < 4 ? [156, 220, 254] : [30, 30, 30];
    },
  });
}

const screen = screenshot(3840, 2160);
const small = screenshot(1280, 720);
writeFileSync(path.join(cwd, "screen-4k.png"), screen);
console.log(`4K screenshot: 3840×2160, ${(screen.byteLength / 1024).toFixed(0)} KB (PNG)`);

// In this process: the first image starts the worker and compiles photon's WebAssembly; the next ones reuse it.
const first = performance.now();
const prepared = await prepareImage(screen, "screen-4k.png");
const firstMs = performance.now() - first;
if (!prepared.ok) throw new Error(prepared.message);
const warm = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  await prepareImage(screen, "screen-4k.png");
  warm.push(performance.now() - started);
}
const within = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  await prepareImage(small, "small.png");
  within.push(performance.now() - started);
}
await stopImageWorker();
console.log(`sent as: ${prepared.image.mediaType}, ${prepared.image.width}×${prepared.image.height}, ${(prepared.image.size / 1024).toFixed(0)} KB`);
console.log(`attach + encode a 4K screenshot, first in the process (worker start, WebAssembly compiled): ${formatMs(firstMs)}`);
const hot = summarise(warm);
console.log(`attach + encode a 4K screenshot, worker warm: median ${formatMs(hot.median)} (min ${formatMs(hot.min)}, max ${formatMs(hot.max)})`);
const direct = summarise(within);
console.log(`attach a 1280×720 screenshot (within the cap: no scaling, no worker): median ${formatMs(direct.median)}`);

// The whole command, as a user runs it: `maia -p … --image screen-4k.png` and the same without the image.
const server = await startFakeLiteLLM({ modelInfo: { "fake-model": { supports_vision: true } } });
await server.writeSettings(home);
function once(args) {
  server.enqueue({ text: "ok" });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...shebangFlags(maia), maia, "-p", "what is this?", "--model", "fake-model", ...args], { cwd, env: { PATH: process.env.PATH, HOME: home, MAIA_LANG: "en" }, stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`maia exited with ${code}`))));
  });
}
const withImage = [];
const without = [];
await once([]);
for (let run = 0; run < runs; run += 1) {
  without.push(await once([]));
  withImage.push(await once(["--image", "screen-4k.png"]));
}
await server.close();
rmSync(cwd, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });
const a = summarise(without);
const b = summarise(withImage);
console.log(`maia -p without an image: median ${formatMs(a.median)}`);
console.log(`maia -p --image screen-4k.png: median ${formatMs(b.median)} (+${formatMs(b.median - a.median)} for the image)`);
