import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';
/** The admin area's entry build (see build.rollupOptions.input). */
const adminBuild = process.env.ADMIN_ENTRY === '1';

/** Where the site serves the meshopt decoder; the viewer points model-viewer at it (components/viewer-3d.tsx). */
const meshoptDecoderPath = 'meshopt-decoder.js';

/**
 * Serves three's meshopt decoder as a classic script from the site itself: model-viewer decodes
 * EXT_meshopt_compression only once it has loaded a script from `meshoptDecoderLocation`,
 * and the CSP allows scripts from this origin only.
 */
function meshoptDecoder(): Plugin {
  const source = () =>
    readFileSync(createRequire(import.meta.url).resolve('three/examples/jsm/libs/meshopt_decoder.module.js'), 'utf8')
      // A module's `export` is a syntax error in a classic script; the global it declares stays.
      .replace(/^export \{ MeshoptDecoder \};?\s*$/m, '');
  return {
    name: 'meshopt-decoder',
    configureServer(server) {
      server.middlewares.use(`/${meshoptDecoderPath}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(source());
      });
    },
    generateBundle() {
      if (this.environment.config.consumer === 'client') this.emitFile({ type: 'asset', fileName: meshoptDecoderPath, source: source() });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), meshoptDecoder()],
  css: {
    // styles.sectionTitle for .section-title in the public pages' CSS modules.
    modules: { localsConvention: 'camelCaseOnly' },
  },
  build: {
    // The admin entry's build adds to the public one's folder.
    emptyOutDir: !adminBuild,
    // The server's render entries (dist-ssr) serve no files: the icons and photos stay in dist.
    copyPublicDir: !isSsrBuild,
    // One stylesheet for the whole site: a prerendered page shows parts whose code loads
    // later (the reviews, the showroom), and their styles must be there from the first paint.
    // The prerender inlines it into each public page (scripts/prerender.mjs).
    cssCodeSplit: false,
    target: 'es2022',
    sourcemap: false,
    // Every browser this site supports knows <link rel="modulepreload">; skip the polyfill.
    modulePreload: { polyfill: false },
    // The admin entry's build lists its chunks' imports (dist/.vite/manifest.json), from which
    // the prerender names in each admin page's HTML every module the page will import.
    manifest: adminBuild,
    rollupOptions: {
      // The public site's entry, or (ADMIN_ENTRY=1, a second build into the same folder) the
      // admin area's own (/login, /admin, /admin/account), which carries none of the public
      // pages' code. Built apart, the two share no chunk, so the admin area's modules never split
      // the public pages' entry script. scripts/prerender.mjs writes each page's HTML.
      input: fileURLToPath(new URL(adminBuild ? 'admin.html' : 'index.html', import.meta.url)),
      output: {
        codeSplitting: {
          // Fewer, larger files for what every page needs after its first paint: each
          // request on a phone's connection costs a round trip.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 15 },
            // zod in a file of its own: left to the default grouping, it joins whichever chunk the
            // same pages load (MUI's text field, say), and a screen that validates nothing, such as
            // the dashboard's lead list, would download and run it.
            ...(adminBuild ? [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 }] : []),
          ],
        },
      },
      treeshake: {
        // The domain package is pure definitions: what a page does not import (the zod
        // schemas, on the home page) must not ride along in its first download.
        moduleSideEffects: (id: string) => !/[\\/]domain[\\/]src[\\/]/.test(id),
        // Building a zod schema changes nothing outside it, so one the page never uses is dropped
        // rather than built at start-up, where the domain's dozens cost a phone a tenth of a second.
        manualPureFunctions: ['z'],
      },
    },
  },
  ssr: {
    // The prerender bundle carries its dependencies, so Node never meets ESM/CJS mismatches.
    noExternal: true,
  },
  server: {
    proxy: {
      '/api': api,
      '/objects': api,
    },
  },
}));
