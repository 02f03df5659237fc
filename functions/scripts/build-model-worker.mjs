// Builds the model pipeline's worker thread (src/services/model-worker.ts) once, as plain
// JavaScript, for code that runs from the TypeScript sources: the Vitest run (its global
// setup, functions/test/model-worker.setup.ts) and `npm run bench:models`. A worker thread
// runs its entry in Node alone, so it must be JS; the two builds (build.mjs,
// build-function.mjs) write their own beside their bundles, this one goes to
// functions/.worker/model-worker.js, where model-pipeline.ts looks when it runs from sources.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the worker built from the sources lives. */
export const sourceWorkerFile = join(root, '.worker/model-worker.js');

export async function buildModelWorker() {
  await build({
    entryPoints: [join(root, 'src/services/model-worker.ts')],
    outfile: sourceWorkerFile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externals',
        setup(b) {
          b.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.startsWith('@site/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  return sourceWorkerFile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildModelWorker();
