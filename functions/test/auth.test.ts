import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/ids';
import { admin, startTestApp, type Client, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const adminRoutes: Array<[string, string]> = [
  ['GET', '/api/project-inquiries'],
  ['DELETE', '/api/project-inquiry/abc'],
  ['GET', '/api/quote-requests'],
  ['DELETE', '/api/quote-request/abc'],
  ['GET', '/api/reviews/all'],
  ['POST', '/api/review/abc/approve'],
  ['DELETE', '/api/review/abc'],
  ['GET', '/api/visitors'],
  ['POST', '/api/3d-models'],
  ['PUT', '/api/3d-models/abc'],
  ['DELETE', '/api/3d-models/abc'],
  ['PATCH', '/api/3d-models/reorder'],
  ['POST', '/api/objects/upload'],
  ['GET', '/api/events'],
];

describe('sessions', () => {
  it('answers 401 on every admin route without a session', async () => {
    for (const [method, path] of adminRoutes) {
      const res = await t.client().request<{ message: string }>(method, path, method === 'GET' ? {} : { json: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toBe('Not signed in');
    }
  });

  it('answers 401 for the current user when signed out', async () => {
    const res = await t.client().get<{ message: string }>('/api/user');
    expect(res.status).toBe(401);
  });

  it('refuses a wrong password or unknown user with the same answer', async () => {
    const wrong = await t.client().post<{ message: string }>('/api/login', { username: admin.username, password: 'wrong password!' });
    const unknown = await t.client().post<{ message: string }>('/api/login', { username: 'nobody', password: 'wrong password!' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('requires username and password', async () => {
    const res = await t.client().post<{ errors: Record<string, string> }>('/api/login', {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('signs in with an HttpOnly SameSite=Lax __session cookie backed by a server-side session that logout deletes', async () => {
    const client = t.client();
    const login = await client.post<{ id: string; username: string }>('/api/login', admin);
    expect(login.status).toBe(200);
    expect(login.body.username).toBe(admin.username);
    expect(login.body).not.toHaveProperty('password');
    const cookie = login.headers.getSetCookie()[0];
    // The session token and the device token (this browser signed in as this admin).
    expect(cookie).toMatch(/^__session=s:[A-Za-z0-9_-]{43}\.d:[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure'); // plain-HTTP localhost only

    const token = /s:([A-Za-z0-9_-]+)/.exec(client.cookie)![1];
    expect(await t.app.store.sessions.get(sha256(token))).toMatchObject({ username: admin.username });
    expect((await client.get<{ username: string }>('/api/user')).body.username).toBe(admin.username);

    const stolen = new (client.constructor as typeof Client)(t.url);
    stolen.cookie = client.cookie;
    expect((await client.post('/api/logout')).status).toBe(204);
    expect(await t.app.store.sessions.get(sha256(token))).toBeNull();
    expect((await stolen.get('/api/user')).status).toBe(401);
  });

  it('marks the cookie Secure outside localhost', async () => {
    const { request } = await import('node:http');
    const cookie = await new Promise<string>((resolve, reject) => {
      const body = JSON.stringify(admin);
      const req = request(
        t.url + '/api/login',
        {
          method: 'POST',
          headers: { host: 'renovations.example.com', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(String(res.headers['set-cookie']?.[0]));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(cookie).toMatch(/^__session=s:[A-Za-z0-9_-]+\.d:[A-Za-z0-9_-]+; /);
    expect(cookie).toContain('Secure');
    // The cookie keeps the device token for 180 days; the session itself ends on the server.
    for (const attribute of ['Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=15552000']) expect(cookie).toContain(attribute);
  });

  it('takes the session out of the cookie on logout, keeps the device token, and leaves it without Secure on plain-HTTP localhost', async () => {
    const client = t.client();
    const login = await client.post('/api/login', admin);
    expect(login.headers.get('set-cookie')).not.toContain('Secure');
    const device = /d:([A-Za-z0-9_-]+)/.exec(client.cookie)![1];
    const logout = await client.post('/api/logout');
    const cookie = logout.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^__session=d:${device}; `));
    expect(cookie).toContain('HttpOnly');
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('clears a cookie that holds nothing else on logout', async () => {
    const client = t.client();
    client.cookie = '__session=not-a-token';
    const cleared = (await client.post('/api/logout')).headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/^__session=; /);
    expect(cleared).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('expires sessions', async () => {
    const client = await t.adminClient();
    t.clock.advance(8 * 24 * 3600 * 1000);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after repeated failures for an IP and username, and then even for the right password', async () => {
    const throttled = await startTestApp({ loginRateLimit: 3 });
    try {
      throttled.clock.toWindowStart();
      const client = throttled.client();
      for (let i = 0; i < 3; i++) {
        expect((await client.post('/api/login', { username: admin.username, password: 'guess ' + i })).status).toBe(401);
      }
      const blocked = await client.post<{ message: string }>('/api/login', admin);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.message).toBe('Too many requests. Please try again later.');
      throttled.clock.advance(16 * 60 * 1000);
      expect((await client.post('/api/login', admin)).status).toBe(200);
    } finally {
      await throttled.close();
    }
  });

  // Behind a proxy that is trusted, each request below arrives from another address.
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it("keeps counting a username's failures when every guess comes from another address", async () => {
    const throttled = await startTestApp({ loginRateLimit: 3, trustProxy: true });
    try {
      throttled.clock.toWindowStart();
      const client = throttled.client();
      for (let i = 0; i < 3; i++) {
        expect(
          (await client.post('/api/login', { username: admin.username, password: `guess ${i}` }, from(`198.51.100.${i + 1}`))).status,
        ).toBe(401);
      }
      const blocked = await client.post<{ message: string }>('/api/login', admin, from('198.51.100.200'));
      expect(blocked.status).toBe(429);
      // Other usernames from a fresh address are unaffected.
      expect(
        (await client.post('/api/login', { username: 'someone-else', password: 'a wrong password' }, from('198.51.100.201'))).status,
      ).toBe(401);
    } finally {
      await throttled.close();
    }
  });

  it('limits one address trying many usernames, counting an IPv6 /56 as one address', async () => {
    const throttled = await startTestApp({ loginRateLimit: 1, trustProxy: true });
    try {
      throttled.clock.toWindowStart();
      const client = throttled.client();
      // Four times the per-username limit from one /56, spread over its addresses and names.
      for (let i = 0; i < 4; i++) {
        const res = await client.post(
          '/api/login',
          { username: `name${i}`, password: 'a wrong password' },
          from(`2001:db8:0:${i + 1}::${i + 1}`),
        );
        expect(res.status).toBe(401);
      }
      expect((await client.post('/api/login', { username: 'name9', password: 'a wrong password' }, from('2001:db8:0:ff::9'))).status).toBe(
        429,
      );
      // Another /56 still gets its answer.
      expect((await client.post('/api/login', { username: 'name9', password: 'a wrong password' }, from('2001:db8:0:100::9'))).status).toBe(
        401,
      );
    } finally {
      await throttled.close();
    }
  });

  it("forgets a username's failures once its right password gets in", async () => {
    const throttled = await startTestApp({ loginRateLimit: 3 });
    try {
      throttled.clock.toWindowStart();
      const client = throttled.client();
      for (let i = 0; i < 2; i++)
        expect((await client.post('/api/login', { username: admin.username, password: `guess ${i}` })).status).toBe(401);
      expect((await client.post('/api/login', admin)).status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await client.post('/api/login', { username: admin.username, password: `again ${i}` })).status).toBe(401);
      expect((await client.post('/api/login', admin)).status).toBe(429);
    } finally {
      await throttled.close();
    }
  });
});

describe('register', () => {
  it('refuses registration while admins exist and nobody is signed in', async () => {
    const res = await t.client().post('/api/register', { username: 'intruder', password: 'a long enough password' });
    expect(res.status).toBe(403);
    expect(await t.app.store.users.findOne({ username: 'intruder' })).toBeNull();
  });

  it('lets a signed-in admin register another, refusing a taken name or a short password', async () => {
    const client = await t.adminClient();
    const created = await client.post<{ username: string }>('/api/register', { username: 'second', password: 'another long password' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'second' });
    const stored = await t.app.store.users.findOne({ username: 'second' });
    expect(stored?.password).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect((await client.post('/api/register', { username: 'second', password: 'another long password' })).status).toBe(409);
    const short = await client.post<{ errors: Record<string, string> }>('/api/register', { username: 'third', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toBe('Password must be at least 12 characters');
  });

  it('lets the first user register while no user exists, and signs them in', async () => {
    const empty = await startTestApp();
    try {
      await empty.app.store.users.deleteMany(
        (await empty.app.store.users.find({ orderBy: 'username', direction: 'asc', limit: 10 })).items.map((u) => u.id),
      );
      const client = empty.client();
      const res = await client.post('/api/register', { username: 'owner', password: 'first long password' });
      expect(res.status).toBe(201);
      expect((await client.get<{ username: string }>('/api/user')).body.username).toBe('owner');
      expect((await empty.client().post('/api/register', { username: 'late', password: 'first long password' })).status).toBe(403);
    } finally {
      await empty.close();
    }
  });
});
