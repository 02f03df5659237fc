/**
 * Setup for the component tests (jsdom): Testing Library's matchers (toBeVisible,
 * toHaveValue...), and after each test an empty page and storage and the real fetch again
 * (see api.ts), since Testing Library cleans up by itself only when Vitest's globals are
 * on, which they are not here.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default; the machines running these are shared
// and often busy, and a slow answer is not what these tests are about.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});
