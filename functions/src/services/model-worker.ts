/**
 * The worker thread of optimizeModelInWorker (model-pipeline.ts): optimises the GLB it is
 * given in `workerData`, posts the result (its two files transferred, not copied) or the
 * error's name and message, and ends. Both builds write it beside their bundles as
 * model-worker.js (functions/scripts/build.mjs, build-function.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { optimizeModel, type WorkerReply } from './model-pipeline';

const port = parentPort;
if (!port) throw new Error('model-worker runs as a worker thread of optimizeModelInWorker');

const { glb } = workerData as { glb: Uint8Array };
let reply: WorkerReply;
let transfer: ArrayBuffer[] = [];
try {
  const model = await optimizeModel(glb);
  reply = { ok: true, model };
  transfer = [...new Set([model.optimized.buffer, model.ar.buffer])].filter(
    (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer,
  );
} catch (error) {
  reply = {
    ok: false,
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
  };
}
port.postMessage(reply, transfer);
