/**
 * Any console.error during a test fails that test, with what was logged: React, MUI, jsdom
 * and our own fallbacks report problems there, and a green run must not hide them. A test
 * that expects an error log captures it itself (a spy on console.error, or the logger the
 * code under test accepts) and asserts on its text; while its spy is installed, the calls go
 * to the spy and not here.
 *
 * Unhandled errors and rejections need nothing here: Vitest reports them and fails the run.
 */
import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

const logged: string[] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  logged.push(format(...args));
  original(...args);
};

function failIfLogged(when: string) {
  if (logged.length === 0) return;
  const text = logged.splice(0).join('\n');
  throw new Error(`console.error was called ${when}:\n${text}`);
}

afterEach(() => failIfLogged('during this test'));
// Hooks outside any test (beforeAll, afterAll, module code) are caught once the file ends.
afterAll(() => failIfLogged('outside a test, in a beforeAll/afterAll hook or at import'));
