import { defineConfig } from '@playwright/test';
import specs from './playwright.config';

/**
 * Browser measurements (benches/*.bench.ts): timings logged, never asserted, so not among the
 * specs `npm test` runs. One worker, so that two measurements never share the machine's cores.
 *   npm run bench:browser                        every bench
 *   npm run bench:browser -- showroom-timing     one of them
 */
export default defineConfig({
  ...specs,
  testDir: './benches',
  testMatch: '**/*.bench.ts',
  workers: 1,
});
