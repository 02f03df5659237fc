import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

const sent: Array<{ method: string; headers: Record<string, string> }> = [];
const now = vi.spyOn(performance, 'now');

function answerEverything() {
  sent.length = 0;
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push({ method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string> | undefined) } });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
}
afterEach(() => vi.unstubAllGlobals());

describe('requests nobody asked for just then', () => {
  it('marks reads made over 10 s after the last key press or click as background; the person’s own and every write are not', async () => {
    answerEverything();
    const start = performance.now();
    now.mockReturnValue(start + 11_000);
    await api.get('/api/leads/stats');
    await api.post('/api/account/password', {});
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    now.mockReturnValue(start + 15_000);
    await api.get('/api/project-inquiries');
    now.mockReturnValue(start + 21_500);
    await api.get('/api/leads/stats');
    window.dispatchEvent(new Event('pointerdown'));
    await api.get('/api/quote-requests');
    expect(sent.map(({ method, headers }) => [method, headers['X-Background'] ?? null])).toEqual([
      ['GET', '1'],
      ['POST', null],
      ['GET', null],
      ['GET', '1'],
      ['GET', null],
    ]);
  });
});
