import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  css: {
    // styles.sectionTitle for .section-title in the public pages' CSS modules.
    modules: { localsConvention: 'camelCaseOnly' },
  },
  build: {
    // One stylesheet for the whole site: a prerendered page shows parts whose code loads
    // later (the reviews, the showroom), and their styles must be there from the first paint.
    // The prerender inlines it into each public page (scripts/prerender.mjs).
    cssCodeSplit: false,
    target: 'es2022',
    sourcemap: false,
    // Every browser this site supports knows <link rel="modulepreload">; skip the polyfill.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        codeSplitting: {
          // Fewer, larger files for what every page needs after its first paint: each
          // request on a phone's connection costs a round trip.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 15 },
          ],
        },
      },
      treeshake: {
        // The domain package is pure definitions: what a page does not import (the zod
        // schemas, on the home page) must not ride along in its first download.
        moduleSideEffects: (id: string) => !/[\\/]domain[\\/]src[\\/]/.test(id),
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
});
