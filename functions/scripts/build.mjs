// Bundles the server entry points with esbuild. Workspace packages (@site/*) are inlined;
// every other package stays in node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'dist'), { recursive: true, force: true });

await build({
  // The model pipeline's worker thread is an entry of its own, at dist/model-worker.js beside the
  // chunk that starts it (src/services/model-pipeline.ts).
  entryPoints: {
    server: join(root, 'src/embedded/server.ts'),
    cli: join(root, 'src/embedded/cli.ts'),
    'model-worker': join(root, 'src/services/model-worker.ts'),
  },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  splitting: true,
  sourcemap: 'linked',
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
