// The scaling worker (issue 38): decodes an image, scales it down and encodes it again with photon (Rust compiled
// to WebAssembly), in a thread of its own. Its WebAssembly memory grows to a few hundred MB for a 4K image and a
// WebAssembly memory never shrinks: in a worker, it goes when the worker does (scale-in-worker.ts ends it when
// idle). Built as dist/image-worker.cjs beside photon's .wasm (cli/tsup.config.ts). It imports nothing of MAIA.
import { join } from "node:path";
import { parentPort } from "node:worker_threads";
// A namespace import: photon is CommonJS, whose `module.exports` members Node's ES loader and esbuild both name.
import * as photon from "@silvia-odwyer/photon-node";
import { noteLoaded } from "@maia/util/trace-loads";
import { encodePng } from "./png-encode.ts";
import { fitWithin, type ScaleAnswer, type ScaleJob } from "./scale-job.ts";

type PhotonImage = photon.PhotonImage;

/** Triangle (bilinear over the whole footprint when shrinking): text stays legible, twice as fast as Lanczos3. */
const TRIANGLE = 2;
/** JPEG qualities tried in turn when a PNG would be over the byte cap; then the side shrinks by a quarter. */
const JPEG_QUALITIES = [85, 70];

function scale(job: ScaleJob): ScaleAnswer {
  const { PhotonImage, resize } = photon;
  const source = PhotonImage.new_from_byteslice(job.bytes);
  try {
    // Screenshots and drawings keep PNG's sharp edges when that fits; photos (JPEG) stay JPEG.
    const keepPng = job.mediaType !== "image/jpeg";
    let side = Math.max(job.width, job.height);
    let target = fitWithin(job.width, job.height, Math.min(side, job.maxSide));
    for (;;) {
      const scaled: PhotonImage =
        target.width === source.get_width() && target.height === source.get_height() ? source : resize(source, target.width, target.height, TRIANGLE);
      try {
        if (keepPng) {
          const png = encodePng(scaled.get_raw_pixels(), target.width, target.height);
          if (png.byteLength <= job.maxBytes) return { ok: true, bytes: png, mediaType: "image/png", ...target };
        }
        for (const quality of JPEG_QUALITIES) {
          const jpeg = scaled.get_bytes_jpeg(quality);
          if (jpeg.byteLength <= job.maxBytes) return { ok: true, bytes: jpeg, mediaType: "image/jpeg", ...target };
        }
      } finally {
        if (scaled !== source) scaled.free();
      }
      side = Math.floor(Math.max(target.width, target.height) * 0.75);
      if (side < 16) return { ok: false, cause: "too large even at 16 pixels" };
      target = fitWithin(job.width, job.height, side);
    }
  } finally {
    source.free();
  }
}

// The main thread's loader hook does not see a worker's loads: as the bundle (dist/image-worker.cjs, CommonJS),
// the worker notes itself and photon's WebAssembly beside it for the suite's check that each shipped part is
// loaded by some end-to-end test (@maia/util/trace-loads). From the sources, `__filename` does not exist.
if (typeof __filename === "string") {
  noteLoaded(__filename);
  noteLoaded(join(__dirname, "photon_rs_bg.wasm"));
}

parentPort?.on("message", (job: ScaleJob) => {
  let answer: ScaleAnswer;
  try {
    answer = scale(job);
  } catch (error) {
    answer = { ok: false, cause: error instanceof Error ? error.message || error.name : String(error) };
  }
  if (!answer.ok) return parentPort?.postMessage(answer);
  // A copy of its own (a Node buffer may sit in a pool that cannot be transferred), handed over without a second copy.
  const bytes = new Uint8Array(answer.bytes);
  parentPort?.postMessage({ ...answer, bytes }, [bytes.buffer]);
});
