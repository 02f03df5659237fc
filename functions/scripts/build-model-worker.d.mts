// Types for build-model-worker.mjs, which plain Node scripts also run.
export const sourceWorkerFile: string;
export function buildModelWorker(): Promise<string>;
