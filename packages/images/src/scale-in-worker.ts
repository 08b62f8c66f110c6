import type { Worker } from "node:worker_threads";
import { lazyBuiltin } from "@maia/util";
import type { ScaleAnswer, ScaleJob } from "./scale-job.ts";

// Loaded when an image needs scaling, not when a plugin that may attach images loads (`maia -p`'s start).
const workerThreads = lazyBuiltin<typeof import("node:worker_threads")>("node:worker_threads");

/** Set by cli/tsup.config.ts in the bundles: the worker's file beside them (dist/image-worker.cjs). */
declare const MAIA_IMAGE_WORKER: string | undefined;

/** How long an idle worker is kept for the next image (a batch of screenshots) before its memory is given back. */
const IDLE_MS = 15_000;

/** The worker's heap: decoding happens in WebAssembly memory, outside it; a runaway is stopped, not the process. */
const WORKER_HEAP_MB = 256;

function workerUrl(): URL {
  return typeof MAIA_IMAGE_WORKER === "string" ? new URL(MAIA_IMAGE_WORKER, import.meta.url) : new URL("./scale-worker.ts", import.meta.url);
}

let shared: { worker: Worker; busy: number; idle: NodeJS.Timeout | undefined } | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Scales an image in the worker thread (started on first use, ended after IDLE_MS without work). Jobs go one at a
 * time: each may take a few hundred MB while it runs. Never rejects: a failure is `{ ok: false, cause }`.
 */
export function scaleInWorker(job: ScaleJob): Promise<ScaleAnswer> {
  const run = queue.then(() => runJob(job));
  queue = run.catch(() => undefined);
  return run;
}

function runJob(job: ScaleJob): Promise<ScaleAnswer> {
  const entry = (shared ??= startWorker());
  if (entry.idle !== undefined) clearTimeout(entry.idle);
  entry.idle = undefined;
  entry.busy += 1;
  entry.worker.ref();
  return new Promise<ScaleAnswer>((resolve) => {
    const { worker } = entry;
    const done = (answer: ScaleAnswer) => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      entry.busy -= 1;
      if (entry.busy === 0 && shared === entry) {
        // The process never waits for an idle worker; the timer is the worker's end, not a reason to stay.
        worker.unref();
        entry.idle = setTimeout(() => stop(entry), IDLE_MS);
        entry.idle.unref();
      }
      resolve(answer);
    };
    const onMessage = (answer: ScaleAnswer) => done(answer);
    const onError = (error: Error) => {
      if (shared === entry) shared = undefined;
      done({ ok: false, cause: error.message || String((error as { code?: unknown }).code ?? error.name) });
    };
    const onExit = (code: number) => {
      if (shared === entry) shared = undefined;
      done({ ok: false, cause: `the scaling worker stopped (exit code ${code})` });
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(job);
  });
}

function startWorker(): NonNullable<typeof shared> {
  const worker = new (workerThreads().Worker)(workerUrl(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  return { worker, busy: 0, idle: undefined };
}

function stop(entry: NonNullable<typeof shared>): void {
  if (shared === entry) shared = undefined;
  void entry.worker.terminate();
}

/** Ends the worker now (tests, and a process about to exit that wants no thread left). */
export async function stopImageWorker(): Promise<void> {
  const entry = shared;
  shared = undefined;
  if (entry === undefined) return;
  if (entry.idle !== undefined) clearTimeout(entry.idle);
  await entry.worker.terminate();
}
