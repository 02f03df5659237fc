import { vi } from 'vitest';

/**
 * Stands in for the server behind fetch: every request is answered with `status` and `body`
 * as JSON. The returned mock holds what was sent (the component tests' setup puts the real
 * fetch back after each test).
 */
export function answerWith(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
