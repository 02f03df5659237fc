/**
 * Vitest global setup: the model pipeline's worker thread built once for the run, as the JS
 * file model-pipeline.ts starts when it runs from the TypeScript sources (a worker thread's
 * entry runs in Node alone, without a TypeScript loader).
 */
import { buildModelWorker } from '../scripts/build-model-worker.mjs';

export default async function setup() {
  await buildModelWorker();
}
