import { defineConfig } from '@playwright/test';

/**
 * End-to-end specs drive Debian's Chromium (never a downloaded browser) against the real
 * embedded server, which each worker starts on its own fresh data folder (support/fixtures.ts).
 */
export const desktopChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    // Headless Chromium says "HeadlessChrome", which the server rightly takes for a bot and does
    // not count: the specs' browsers and API clients present themselves as a desktop Chrome.
    userAgent: desktopChrome,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-gl=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
    trace: 'retain-on-failure',
  },
});
