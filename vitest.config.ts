import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['domain/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'functions/test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    globalSetup: ['functions/test/firestore-emulator.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Servers the tests start, in process or spawned, keep their request logs to themselves.
    env: { LOG_LEVEL: 'silent' },
    setupFiles: ['test-support/fail-on-console-error.ts'],
  },
});
