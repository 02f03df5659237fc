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

/** A request the page sent: method, URL with its query, and the parsed JSON body. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

export interface Answer {
  status: number;
  /** Sent as JSON; none for a 204. */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Stands in for the server when a page makes several different calls: `answer` picks the
 * response for each request. The returned array fills with the requests as they are sent.
 */
export function answerRequests(answer: (request: SentRequest) => Answer): SentRequest[] {
  const requests: SentRequest[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const request: SentRequest = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    const { status, body, headers } = answer(request);
    const text = body === undefined ? null : JSON.stringify(body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}
