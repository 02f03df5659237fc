import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

const appCheckToken = vi.fn(async (_siteKey: string): Promise<string | null> => 'app-check-token');
vi.mock('./firebase/app-check', () => ({ appCheckToken }));

const sent: Array<{ method: string; headers: Record<string, string> }> = [];
beforeEach(() => {
  sent.length = 0;
  appCheckToken.mockClear();
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push({ method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string> | undefined) } });
    return new Response(JSON.stringify({ id: 'x' }), { status: 201, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('App Check on POSTs', () => {
  it('sends a token with every POST of the Firebase build that has a site key, and none with reads', async () => {
    vi.stubEnv('VITE_BACKEND', 'firebase');
    vi.stubEnv('VITE_APP_CHECK_SITE_KEY', 'site-key');
    await api.post('/api/quote-request', { firstName: 'Jack' });
    await api.get('/api/reviews');
    expect(sent).toEqual([
      { method: 'POST', headers: { 'X-Firebase-AppCheck': 'app-check-token', 'Content-Type': 'application/json' } },
      { method: 'GET', headers: {} },
    ]);
    expect(appCheckToken).toHaveBeenCalledWith('site-key');
  });

  it('sends the POST without a token when none can be had', async () => {
    vi.stubEnv('VITE_BACKEND', 'firebase');
    vi.stubEnv('VITE_APP_CHECK_SITE_KEY', 'site-key');
    appCheckToken.mockResolvedValueOnce(null);
    await api.post('/api/visits', { page: '/' });
    expect(sent).toEqual([{ method: 'POST', headers: { 'Content-Type': 'application/json' } }]);
  });

  it('never asks for one in the embedded build, or without a site key', async () => {
    vi.stubEnv('VITE_BACKEND', '');
    vi.stubEnv('VITE_APP_CHECK_SITE_KEY', 'site-key');
    await api.post('/api/quote-request', {});
    vi.stubEnv('VITE_BACKEND', 'firebase');
    vi.stubEnv('VITE_APP_CHECK_SITE_KEY', '');
    await api.post('/api/quote-request', {});
    expect(appCheckToken).not.toHaveBeenCalled();
    expect(sent.map((request) => request.headers)).toEqual([
      { 'Content-Type': 'application/json' },
      { 'Content-Type': 'application/json' },
    ]);
  });
});
