/**
 * Admin accounts over HTTP, on SQLite and on the Firestore adapter (Google's emulator): the
 * authenticator app (real codes) and recovery codes, the second step of sign-in, password
 * changes, sessions and their idle timeout, REQUIRE_MFA, device cookies against lockouts,
 * and the audit trail. Passkeys are signed in with a virtual authenticator end to end (e2e/).
 */
import {
  accountMessages,
  backgroundRequestHeader,
  type AccountSummary,
  type AdminSession,
  type AuditEntry,
  type Inquiry,
  type ListedAuditEntry,
  type MfaChallenge,
  type QuoteRequest,
  type Review,
  type RecoveryCodes,
  type TotpEnrolment,
  type User,
} from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, resetSecondFactors } from '../src/accounts';
import { countedEntriesPerMinute } from '../src/services/audit';
import { totpCode } from '../src/auth/second-factor';
import { sha256 } from '../src/ids';
import type { Store } from '../src/ports/store';
import { goodInquiry, goodQuote, goodReview, startTestApp, type Client, type TestApp } from './harness';
import { SoftwarePasskey } from './software-passkey';

type ApiError = { message: string; errors?: Record<string, string> };

const password = 'correct horse battery staple';
const firestoreStore = () => emulatorStore('account');

describeAccounts('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describeAccounts('Firestore', firestoreStore);
});

function describeAccounts(name: string, makeStore: (() => Store) | undefined) {
  describe(`Admin accounts on ${name}`, () => {
    let t: TestApp;
    let admins = 0;
    beforeAll(async () => {
      t = await startTestApp({ sessionIdleSeconds: 30 * 60 }, makeStore);
    });
    afterAll(() => t.close());

    /** A new admin of its own for each test, and a browser signed in as them. */
    const newAdmin = async () => {
      const username = `admin${admins++}`;
      await createAdmin(t.app.store, username, password);
      const client = t.client();
      const login = await client.post<User>('/api/login', { username, password });
      expect(login.status).toBe(200);
      return { username, client };
    };

    /** The next 30-second step's code: each step's code is accepted once. */
    const nextCode = (secret: string) => {
      t.clock.advance(30_000);
      return totpCode(secret, t.clock.now());
    };

    const enrolTotp = async (client: Client) => {
      const started = await client.post<TotpEnrolment>('/api/account/totp');
      expect(started.status).toBe(200);
      const confirmed = await client.post<RecoveryCodes>('/api/account/totp/confirm', {
        code: nextCode(started.body.secret),
        currentPassword: password,
      });
      expect(confirmed.status).toBe(200);
      return { secret: started.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
    };

    const auditOf = async (action: string, username: string) => {
      const staff = await t.adminClient();
      const list = await staff.get<AuditEntry[]>('/api/audit?limit=200');
      return list.body.filter((e) => e.action === action && e.username === username);
    };

    describe('authenticator app', () => {
      it('enrols with a secret and otpauth URL shown once, a real code, and ten recovery codes', async () => {
        const { username, client } = await newAdmin();
        const started = await client.post<TotpEnrolment>('/api/account/totp');
        expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
        expect(started.body.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.*${username}\\?.*secret=${started.body.secret}`));

        const wrong = await client.post<ApiError>('/api/account/totp/confirm', { code: '000000', currentPassword: password });
        expect(wrong.status).toBe(400);
        expect(wrong.body.errors).toEqual({ code: accountMessages.codeWrong });
        expect((await client.get<AccountSummary>('/api/account')).body.totp).toBe(false);

        const confirmed = await client.post<RecoveryCodes>('/api/account/totp/confirm', {
          code: nextCode(started.body.secret),
          currentPassword: password,
        });
        expect(confirmed.status).toBe(200);
        expect(confirmed.body.recoveryCodes).toHaveLength(10);
        expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
        for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

        const summary = await client.get<AccountSummary>('/api/account');
        expect(summary.body).toMatchObject({ username, totp: true, recoveryCodesLeft: 10, passkeys: [], mfaRequired: false });
        // Only salted scrypt hashes are stored, one salt for the set.
        const stored = await t.app.store.users.findOne({ username });
        expect(JSON.stringify(stored)).not.toContain(confirmed.body.recoveryCodes[0]);
        expect(JSON.stringify(stored)).not.toContain(sha256(confirmed.body.recoveryCodes[0].replace('-', '')));
        expect(stored!.recoveryCodes).toHaveLength(10);
        for (const hash of stored!.recoveryCodes) expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
        expect(await auditOf('totp.enabled', username)).toHaveLength(1);

        const again = await client.post<ApiError>('/api/account/totp');
        expect(again.status).toBe(409);
      });

      it('asks for the second factor after the password, with no session or access before it', async () => {
        const { username, client } = await newAdmin();
        const { secret } = await enrolTotp(client);
        await client.post('/api/logout');

        const browser = t.client();
        const login = await browser.post<MfaChallenge>('/api/login', { username, password });
        expect(login.status).toBe(200);
        expect(login.body).toEqual({ mfaRequired: true, methods: ['totp'] });
        expect((await browser.get('/api/user')).status).toBe(401);
        expect((await browser.get('/api/project-inquiries')).status).toBe(401);
        expect((await browser.get('/api/account')).status).toBe(401);

        const wrong = await browser.post<ApiError>('/api/login/totp', { code: '123456' });
        expect(wrong.status).toBe(401);
        expect(wrong.body.message).toBe(accountMessages.codeWrong);
        expect((await browser.get('/api/user')).status).toBe(401);

        const code = nextCode(secret);
        const done = await browser.post<User>('/api/login/totp', { code });
        expect(done.status).toBe(200);
        expect(done.body).toMatchObject({ username });
        expect((await browser.get<User>('/api/user')).body.username).toBe(username);
        expect((await browser.get('/api/project-inquiries')).status).toBe(200);

        // The same code does not sign in a second time.
        const other = t.client();
        expect((await other.post<MfaChallenge>('/api/login', { username, password })).body.mfaRequired).toBe(true);
        const replay = await other.post<ApiError>('/api/login/totp', { code });
        expect(replay.status).toBe(401);
        expect(replay.body.message).toBe(accountMessages.codeWrong);

        expect(await auditOf('login.second_factor_failed', username)).toHaveLength(2);
        const succeeded = await auditOf('login.succeeded', username);
        expect(succeeded[0].detail).toBe('password and authenticator code');
      });

      it('takes each recovery code once instead of a code', async () => {
        const { username, client } = await newAdmin();
        const { recoveryCodes } = await enrolTotp(client);
        const browser = t.client();
        await browser.post('/api/login', { username, password });
        // Typed in capitals with spaces: still the same code.
        const done = await browser.post<User>('/api/login/totp', { code: recoveryCodes[3].toUpperCase().replace('-', ' ') });
        expect(done.status).toBe(200);
        expect((await browser.get<AccountSummary>('/api/account')).body.recoveryCodesLeft).toBe(9);

        const again = t.client();
        await again.post('/api/login', { username, password });
        const reused = await again.post<ApiError>('/api/login/totp', { code: recoveryCodes[3] });
        expect(reused.status).toBe(401);
        expect((await again.post<User>('/api/login/totp', { code: recoveryCodes[4] })).status).toBe(200);
        expect((await auditOf('recovery_code.used', username)).map((e) => e.detail)).toEqual(['8 left', '9 left']);
      });

      it('asks for the password again after five wrong codes or five minutes', async () => {
        const { username, client } = await newAdmin();
        const { secret } = await enrolTotp(client);
        const browser = t.client();
        await browser.post('/api/login', { username, password });
        for (let i = 0; i < 4; i++)
          expect((await browser.post<ApiError>('/api/login/totp', { code: '000000' })).body.message).toBe(accountMessages.codeWrong);
        const fifth = await browser.post<ApiError>('/api/login/totp', { code: '000000' });
        expect(fifth.body.message).toBe(accountMessages.loginExpired);
        const after = await browser.post<ApiError>('/api/login/totp', { code: nextCode(secret) });
        expect(after.status).toBe(401);
        expect(after.body.message).toBe(accountMessages.loginExpired);

        await browser.post('/api/login', { username, password });
        t.clock.advance(5 * 60_000 + 1000);
        const late = await browser.post<ApiError>('/api/login/totp', { code: totpCode(secret, t.clock.now()) });
        expect(late.status).toBe(401);
        expect(late.body.message).toBe(accountMessages.loginExpired);
      });

      it('turns off with the password, and new recovery codes replace the old', async () => {
        const { username, client } = await newAdmin();
        const { recoveryCodes } = await enrolTotp(client);
        const wrong = await client.request<ApiError>('DELETE', '/api/account/totp', { json: { currentPassword: 'not the password' } });
        expect(wrong.status).toBe(403);
        expect(wrong.body.errors).toEqual({ currentPassword: accountMessages.currentPasswordWrong });

        const renewed = await client.post<RecoveryCodes>('/api/account/recovery-codes', { currentPassword: password });
        expect(renewed.body.recoveryCodes).toHaveLength(10);
        const browser = t.client();
        await browser.post('/api/login', { username, password });
        expect((await browser.post('/api/login/totp', { code: recoveryCodes[0] })).status).toBe(401);
        expect((await browser.post('/api/login/totp', { code: renewed.body.recoveryCodes[0] })).status).toBe(200);

        expect((await client.request('DELETE', '/api/account/totp', { json: { currentPassword: password } })).status).toBe(204);
        expect((await client.get<AccountSummary>('/api/account')).body).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
        const plain = await t.client().post<User>('/api/login', { username, password });
        expect(plain.body).toMatchObject({ username });
        expect(await auditOf('totp.disabled', username)).toHaveLength(1);
      });

      it("clears an admin's factors from the command line (npm run admin -- reset-mfa)", async () => {
        const { username, client } = await newAdmin();
        await enrolTotp(client);
        expect(await resetSecondFactors(t.app.store, username)).toMatchObject({ username });
        const login = await t.client().post<User>('/api/login', { username, password });
        expect(login.body).toEqual({ id: expect.any(String), username });
        expect(await resetSecondFactors(t.app.store, 'nobody-here')).toBeNull();
      });
    });

    describe('passwords and sessions', () => {
      it('changes the password, refusing weak ones with the reason, and ends the other sessions', async () => {
        const { username, client } = await newAdmin();
        const other = t.client();
        await other.post('/api/login', { username, password });

        const short = await client.post<ApiError>('/api/account/password', { currentPassword: password, newPassword: 'short' });
        expect(short.status).toBe(400);
        expect(short.body.errors?.newPassword).toBe('Password must be at least 12 characters');
        const weak = await client.post<ApiError>('/api/account/password', { currentPassword: password, newPassword: 'password1234' });
        expect(weak.status).toBe(400);
        expect(weak.body.errors?.newPassword).toMatch(/^This password is too easy to guess\./);
        const wrong = await client.post<ApiError>('/api/account/password', {
          currentPassword: 'not it at all',
          newPassword: 'tram stop lemon 42 violet',
        });
        expect(wrong.status).toBe(403);
        expect(wrong.body.errors).toEqual({ currentPassword: accountMessages.currentPasswordWrong });
        expect((await other.get('/api/user')).status).toBe(200);

        const changed = await client.post('/api/account/password', { currentPassword: password, newPassword: 'tram stop lemon 42 violet' });
        expect(changed.status).toBe(204);
        expect((await client.get('/api/user')).status).toBe(200);
        expect((await other.get('/api/user')).status).toBe(401);
        expect((await t.client().post('/api/login', { username, password })).status).toBe(401);
        expect((await t.client().post('/api/login', { username, password: 'tram stop lemon 42 violet' })).status).toBe(200);
        expect((await auditOf('password.changed', username))[0].detail).toBe('1 other session ended');
      });

      it("lists the admin's sessions and ends one; another admin's is not found", async () => {
        const { username, client } = await newAdmin();
        const phone = t.client();
        await phone.post('/api/login', { username, password }, { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile Safari' });
        const list = await client.get<AdminSession[]>('/api/account/sessions');
        expect(list.status).toBe(200);
        expect(list.body).toHaveLength(2);
        expect(list.body.filter((s) => s.current)).toHaveLength(1);
        const phoneSession = list.body.find((s) => !s.current)!;
        expect(phoneSession).toMatchObject({ ipAddress: '127.0.0.1', userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari' });
        expect(Object.keys(phoneSession).sort()).toEqual(['createdAt', 'current', 'id', 'ipAddress', 'lastSeenAt', 'userAgent']);

        const stranger = await newAdmin();
        expect((await stranger.client.delete<ApiError>(`/api/account/sessions/${phoneSession.id}`)).status).toBe(404);
        expect((await phone.get('/api/user')).status).toBe(200);

        expect((await client.delete(`/api/account/sessions/${phoneSession.id}`)).status).toBe(204);
        expect((await phone.get('/api/user')).status).toBe(401);
        expect((await client.get<AdminSession[]>('/api/account/sessions')).body).toHaveLength(1);
        expect(await auditOf('session.ended', username)).toHaveLength(1);
      });

      it('ends a session unused for the idle timeout, and keeps one in use', async () => {
        const { client } = await newAdmin();
        const busy = t.client();
        const { username } = (await client.get<User>('/api/user')).body;
        await busy.post('/api/login', { username, password });
        t.clock.advance(20 * 60_000);
        expect((await busy.get('/api/user')).status).toBe(200);
        t.clock.advance(20 * 60_000);
        expect((await busy.get('/api/user')).status).toBe(200);
        expect((await client.get('/api/user')).status).toBe(401);
      });

      it('ends the session the browser held when it signs in again', async () => {
        const { username, client } = await newAdmin();
        await client.post('/api/login', { username, password });
        await client.post('/api/login', { username, password });
        expect((await client.get<AdminSession[]>('/api/account/sessions')).body).toHaveLength(1);
      });
    });

    describe('audit trail', () => {
      it('records sign-ins, failures with the username tried, sign-out and admin changes, newest first and paged', async () => {
        const { username, client } = await newAdmin();
        await t.client().post('/api/login', { username: 'not-an-admin', password: 'guess guess guess' }, { 'user-agent': 'curl/8' });
        const lead = (await t.client().post<Inquiry>('/api/project-inquiry', goodInquiry)).body;
        await client.patch(`/api/project-inquiry/${lead.id}`, { status: 'contacted', note: 'Called' });
        await client.get('/api/project-inquiries?export=1&limit=200');
        await client.delete(`/api/project-inquiry/${lead.id}`);
        await client.post('/api/logout');
        expect((await client.get('/api/audit')).status).toBe(401);

        const staff = await t.adminClient();
        const all = (await staff.get<AuditEntry[]>('/api/audit?limit=200')).body;
        // What was typed as an unknown username is not kept: it may have been a password.
        expect(JSON.stringify(all)).not.toContain('not-an-admin');
        const failed = all.find((e) => e.action === 'login.failed' && e.username === '')!;
        expect(failed).toMatchObject({
          ipAddress: '127.0.0.1',
          userAgent: 'curl/8',
          detail: expect.stringMatching(/^unknown username; \d+ times? this minute$/),
        });
        expect(failed).not.toHaveProperty('userId');
        const mine = all.filter((e) => e.username === username).map((e) => [e.action, e.target, e.detail]);
        expect(mine.slice(0, 5)).toEqual([
          ['logout', undefined, undefined],
          ['inquiry.deleted', `inquiry:${lead.id}`, 'Ava Nguyen'],
          ['leads.exported', 'inquiries', 'all'],
          ['inquiry.updated', `inquiry:${lead.id}`, 'status: contacted; note added'],
          ['login.succeeded', undefined, 'password'],
        ]);
        const times = all.map((e) => e.at);
        expect(times).toEqual([...times].sort().reverse());

        const first = await staff.get<AuditEntry[]>('/api/audit?limit=2');
        expect(first.body).toHaveLength(2);
        expect(Number(first.headers.get('x-total-count'))).toBe(all.length);
        const second = await staff.get<AuditEntry[]>(`/api/audit?limit=2&cursor=${first.headers.get('x-next-cursor')}`);
        expect(second.body[0].at <= first.body[1].at).toBe(true);
        expect(second.body.map((e) => e.id)).not.toContain(first.body[1].id);
      });

      it('names what each entry acted on while it exists, and leaves only the id once it is deleted', async () => {
        const { client } = await newAdmin();
        const kept = (await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, firstName: 'Kept' })).body;
        const gone = (await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, firstName: 'Gone' })).body;
        const quote = (await t.client().post<QuoteRequest>('/api/quote-request', { ...goodQuote, firstName: 'Quinn' })).body;
        const review = (await t.client().post<Review>('/api/review', { ...goodReview, customerName: 'Rosa Reviewer' })).body;
        await client.patch(`/api/project-inquiry/${kept.id}`, { status: 'contacted' });
        await client.patch(`/api/project-inquiry/${gone.id}`, { status: 'contacted' });
        await client.patch(`/api/quote-request/${quote.id}`, { note: 'Measured up' });
        await client.post(`/api/review/${review.id}/approve`);
        await client.delete(`/api/project-inquiry/${gone.id}`);
        await client.get('/api/project-inquiries?export=1&limit=1');

        const entries = (await client.get<ListedAuditEntry[]>('/api/audit?limit=7')).body;
        expect(entries.map((e) => [e.action, e.target, e.targetName])).toEqual([
          ['leads.exported', 'inquiries', undefined],
          ['inquiry.deleted', `inquiry:${gone.id}`, undefined],
          ['review.approved', `review:${review.id}`, 'Rosa Reviewer'],
          ['quote.updated', `quote:${quote.id}`, 'Quinn Smith'],
          ['inquiry.updated', `inquiry:${gone.id}`, undefined],
          ['inquiry.updated', `inquiry:${kept.id}`, 'Kept Nguyen'],
          ['login.succeeded', undefined, undefined],
        ]);
        // The stored entries are as they were: the names are looked up as the trail is read.
        expect(await t.app.store.audit.find({ orderBy: 'at', direction: 'desc', limit: 50 })).not.toHaveProperty('items.0.targetName');
      });
    });

    describe('the current password before every change of a factor or the password', () => {
      const storedUser = async (username: string) => JSON.stringify(await t.app.store.users.findOne({ username }));

      /** Each change, sent with `extra` in its body (no password, or a wrong one). */
      const changes = (passkeyId: string) =>
        [
          ['POST', '/api/account/totp/confirm', { code: '123456' }],
          ['DELETE', '/api/account/totp', {}],
          ['POST', '/api/account/recovery-codes', {}],
          ['POST', '/api/account/passkeys/options', {}],
          ['POST', '/api/account/passkeys', { response: { id: 'abc' } }],
          ['DELETE', `/api/account/passkeys/${passkeyId}`, {}],
          ['POST', '/api/account/password', { newPassword: 'tram stop lemon 42 violet' }],
        ] as const;

      it('refuses each without it or with a wrong one (403, the message, nothing stored), and audits each wrong one', async () => {
        const { username, client } = await newAdmin();
        const { secret } = await enrolTotp(client);
        const user = (await t.app.store.users.findOne({ username }))!;
        const passkey = {
          id: 'cGFzc2tleQ',
          name: 'Laptop',
          publicKey: 'AA',
          counter: 0,
          transports: [],
          createdAt: user.createdAt,
          lastUsedAt: null,
        };
        await t.app.store.users.update(user.id, { passkeys: [passkey] });
        const before = await storedUser(username);

        for (const [method, path, body] of changes(passkey.id)) {
          const without = await client.request<ApiError>(method, path, { json: body });
          expect(without.status, `${method} ${path}`).toBe(403);
          expect(without.body).toEqual({
            message: accountMessages.currentPasswordRequired,
            errors: { currentPassword: accountMessages.currentPasswordRequired },
          });
          const wrong = await client.request<ApiError>(method, path, { json: { ...body, currentPassword: 'not my password at all' } });
          expect(wrong.status, `${method} ${path}`).toBe(403);
          expect(wrong.body).toEqual({
            message: accountMessages.currentPasswordWrong,
            errors: { currentPassword: accountMessages.currentPasswordWrong },
          });
        }
        expect(await storedUser(username)).toBe(before);
        const stored = (await t.app.store.users.findOne({ username }))!;
        expect(stored.totpSecret).toBe(secret);
        expect(stored.passkeys).toEqual([passkey]);
        // The old password still signs in: it was not changed.
        expect((await t.client().post<MfaChallenge>('/api/login', { username, password })).body.mfaRequired).toBe(true);

        const audited = await auditOf('password.confirm_failed', username);
        expect(audited.map((e) => e.target).sort()).toEqual(
          changes(passkey.id)
            .map(([method, path]) => `${method} ${path}`)
            .sort(),
        );

        // With it, each goes through: here, the passkey is removed.
        const removed = await client.request('DELETE', `/api/account/passkeys/${passkey.id}`, { json: { currentPassword: password } });
        expect(removed.status).toBe(204);
        expect((await t.app.store.users.findOne({ username }))!.passkeys).toEqual([]);
      });

      it('a stolen cookie cannot turn on or replace the authenticator app', async () => {
        const { username, client } = await newAdmin();
        const thief = t.client();
        thief.cookie = client.cookie;
        // Off: the thief may see a secret, but cannot turn it on.
        const started = await thief.post<TotpEnrolment>('/api/account/totp');
        expect(started.status).toBe(200);
        const refused = await thief.post<ApiError>('/api/account/totp/confirm', { code: nextCode(started.body.secret) });
        expect(refused.status).toBe(403);
        expect((await t.app.store.users.findOne({ username }))!.totpSecret).toBeUndefined();

        // On: replacing it means turning it off first, which asks for the password.
        const { secret } = await enrolTotp(client);
        expect((await thief.post<ApiError>('/api/account/totp')).status).toBe(409);
        const off = await thief.request<ApiError>('DELETE', '/api/account/totp', { json: {} });
        expect(off.status).toBe(403);
        expect(off.body.message).toBe(accountMessages.currentPasswordRequired);
        expect((await t.app.store.users.findOne({ username }))!.totpSecret).toBe(secret);
      });

      it('a new password also ends sign-ins waiting for their second factor', async () => {
        const { username, client } = await newAdmin();
        const { secret } = await enrolTotp(client);
        const halfway = t.client();
        expect((await halfway.post<MfaChallenge>('/api/login', { username, password })).body.mfaRequired).toBe(true);
        const { id: userId } = (await t.app.store.users.findOne({ username }))!;
        const pending = () => t.app.store.loginChallenges.find({ where: { userId }, orderBy: 'id', direction: 'asc', limit: 10 });
        expect((await pending()).items).toHaveLength(1);

        const changed = await client.post('/api/account/password', { currentPassword: password, newPassword: 'tram stop lemon 42 violet' });
        expect(changed.status).toBe(204);
        expect((await pending()).items).toEqual([]);
        const late = await halfway.post<ApiError>('/api/login/totp', { code: nextCode(secret) });
        expect(late.status).toBe(401);
        expect(late.body.message).toBe(accountMessages.loginExpired);
        expect((await auditOf('password.changed', username))[0].detail).toBe(
          '0 other sessions ended; 1 sign-in awaiting a second factor ended',
        );
      });
    });

    describe('recovery codes stored by older versions (bare SHA-256)', () => {
      const bare = (code: string) => createHash('sha256').update(code.replace('-', '')).digest('base64url');

      it('keep working once each, and are hashed with scrypt at the next right password', async () => {
        const { username, client } = await newAdmin();
        await enrolTotp(client);
        const { id } = (await t.app.store.users.findOne({ username }))!;
        const codes = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678'];
        await t.app.store.users.update(id, { recoveryCodes: codes.map(bare) });

        // Signed in with a bare one (stored after this sign-in's password step): it works, once.
        const browser = t.client();
        await browser.post('/api/login', { username, password });
        await t.app.store.users.update(id, { recoveryCodes: codes.map(bare) });
        expect((await browser.post<User>('/api/login/totp', { code: codes[0] })).status).toBe(200);
        expect((await t.app.store.users.get(id))!.recoveryCodes).toEqual(codes.slice(1).map(bare));

        // The next right password hashes the rest with scrypt; they still work, once.
        const next = t.client();
        await next.post('/api/login', { username, password });
        const upgraded = (await t.app.store.users.get(id))!.recoveryCodes;
        expect(upgraded).toHaveLength(2);
        for (const hash of upgraded) expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
        expect(JSON.stringify(upgraded)).not.toContain(bare(codes[1]));
        expect((await next.post<User>('/api/login/totp', { code: codes[1].toUpperCase() })).status).toBe(200);
        const again = t.client();
        await again.post('/api/login', { username, password });
        expect((await again.post<ApiError>('/api/login/totp', { code: codes[1] })).status).toBe(401);
        expect((await again.post<User>('/api/login/totp', { code: codes[2] })).status).toBe(200);
        expect((await t.app.store.users.get(id))!.recoveryCodes).toEqual([]);
      });
    });

    describe('idle timeout and the dashboard’s own requests', () => {
      it('a tab that only polls (figures every minute, the event stream) still ends at the idle timeout; use postpones it', async () => {
        const { username, client } = await newAdmin();
        const working = t.client();
        await working.post('/api/login', { username, password });
        const background = { [backgroundRequestHeader]: '1' };
        const openEvents = async (c: Client) => {
          const abort = new AbortController();
          const response = await fetch(`${t.url}/api/events`, { headers: { cookie: c.cookie }, signal: abort.signal });
          abort.abort();
          return response.status;
        };
        for (let minute = 1; minute < 30; minute++) {
          t.clock.advance(60_000);
          expect((await client.get('/api/leads/stats', background)).status, `minute ${minute}`).toBe(200);
          expect(await openEvents(client), `minute ${minute}`).toBe(200);
          expect((await client.get('/api/user', background)).status).toBe(200);
          // The other tab is used every ten minutes.
          if (minute % 10 === 0) expect((await working.get('/api/project-inquiries')).status).toBe(200);
        }
        t.clock.advance(60_000);
        expect((await client.get('/api/leads/stats', background)).status).toBe(401);
        expect(await openEvents(client)).toBe(401);
        expect((await working.get('/api/leads/stats', background)).status).toBe(200);
        expect((await working.get<AdminSession[]>('/api/account/sessions')).body).toHaveLength(1);
      });
    });

    describe('limits, refusals and passkeys behind a proxy', () => {
      let limited: TestApp;
      beforeAll(async () => {
        limited = await startTestApp({ loginRateLimit: 3, trustProxy: true, sessionIdleSeconds: 30 * 60 }, makeStore);
      });
      afterAll(() => limited.close());
      // The limits count in windows aligned to the clock: each test starts at one's beginning.
      beforeEach(() => limited.clock.toWindowStart());

      // Behind the trusted proxy each request says where it came from.
      const from = (address: string) => ({ 'x-forwarded-for': address });
      let made = 0;
      const limitedAdmin = async () => {
        const username = `limited${made++}`;
        await createAdmin(limited.app.store, username, password);
        const client = limited.client();
        expect((await client.post('/api/login', { username, password }, from('192.0.2.1'))).status).toBe(200);
        return { username, client };
      };
      const trail = async () => (await (await limited.adminClient()).get<AuditEntry[]>('/api/audit?limit=200')).body;
      /** A few seconds into a minute of the app's clock: what a test counts "this minute" stays in one. */
      const atMinuteStart = () => limited.clock.advance(60_000 - (limited.clock.now().getTime() % 60_000) + 1000);
      const newPassword = 'tram stop lemon 42 violet';

      it('limits wrong current passwords per admin from any address, with 429 and Retry-After, audited', async () => {
        const { username, client } = await limitedAdmin();
        for (let i = 0; i < 3; i++) {
          const wrong = await client.post(
            '/api/account/password',
            { currentPassword: `guess ${i}`, newPassword },
            from(`198.51.100.${i + 1}`),
          );
          expect(wrong.status).toBe(403);
        }
        const blocked = await client.post<ApiError>(
          '/api/account/password',
          { currentPassword: password, newPassword },
          from('198.51.100.50'),
        );
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(blocked.body.message).toBe('Too many requests. Please try again later.');
        expect((await limited.client().post('/api/login', { username, password }, from('192.0.2.1'))).status).toBe(200);

        const entries = await trail();
        expect(entries.filter((e) => e.action === 'password.confirm_failed' && e.username === username)).toHaveLength(3);
        expect(entries.find((e) => e.action === 'admin.refused' && e.username === username)).toMatchObject({
          ipAddress: '198.51.100.50',
          target: 'POST /api/account/password',
          detail: '429 too many wrong current passwords; 1 time this minute',
        });

        limited.clock.advance(16 * 60_000);
        expect((await client.post('/api/account/password', { currentPassword: password, newPassword }, from('198.51.100.50'))).status).toBe(
          204,
        );
      });

      it('limits wrong current passwords per address across admins', async () => {
        const address = from('203.0.113.9');
        for (let n = 0; n < 4; n++) {
          const { client } = await limitedAdmin();
          for (let i = 0; i < 3; i++)
            expect((await client.post('/api/account/password', { currentPassword: `guess ${i}`, newPassword }, address)).status).toBe(403);
        }
        const { client } = await limitedAdmin();
        expect((await client.post('/api/account/password', { currentPassword: password, newPassword }, address)).status).toBe(429);
        expect((await client.post('/api/account/password', { currentPassword: password, newPassword }, from('203.0.113.10'))).status).toBe(
          204,
        );
      });

      it("records a failed sign-in's username only when it is an admin's, and counts unknown names per address and minute", async () => {
        const { username } = await limitedAdmin();
        atMinuteStart();
        const address = from('198.51.100.77');
        expect((await limited.client().post('/api/login', { username, password: 'wrong horse' }, address)).status).toBe(401);
        for (let i = 0; i < 3; i++) {
          const typed = { username: 'hunter2-my-password', password: 'whatever it is' };
          expect((await limited.client().post('/api/login', typed, address)).status).toBe(401);
        }
        let entries = await trail();
        expect(entries.find((e) => e.action === 'login.failed' && e.username === username)).toMatchObject({
          userId: expect.any(String),
          detail: 'wrong password',
          ipAddress: '198.51.100.77',
        });
        const unknown = () => entries.filter((e) => e.action === 'login.failed' && e.ipAddress === '198.51.100.77' && e.username === '');
        expect(unknown().map((e) => e.detail)).toEqual(['unknown username; 3 times this minute']);
        expect(unknown()[0]).not.toHaveProperty('userId');
        expect(JSON.stringify(entries)).not.toContain('hunter2');

        limited.clock.advance(60_000);
        await limited.client().post('/api/login', { username: 'someone-else', password: 'whatever it is' }, address);
        entries = await trail();
        expect(unknown().map((e) => e.detail)).toEqual(['unknown username; 1 time this minute', 'unknown username; 3 times this minute']);
      });

      it('records refused admin requests counted per address and minute, and a flood from many addresses in a bounded number of entries', async () => {
        atMinuteStart();
        for (let i = 0; i < 5; i++) expect((await limited.client().get('/api/project-inquiries', from('198.51.100.88'))).status).toBe(401);
        for (let i = 0; i < 60; i++) expect((await limited.client().get('/api/leads/stats', from(`10.0.${i}.1`))).status).toBe(401);
        const minute = limited.clock.now().toISOString().slice(0, 16);
        const refused = (await trail()).filter((e) => e.action === 'admin.refused' && e.at.startsWith(minute));
        expect(refused.filter((e) => e.ipAddress === '198.51.100.88')).toEqual([
          expect.objectContaining({ username: '', target: 'GET /api/project-inquiries', detail: '401 Not signed in; 5 times this minute' }),
        ]);
        const flood = refused.filter((e) => e.ipAddress.startsWith('10.0.') || e.ipAddress === 'many addresses');
        expect(flood.length).toBeLessThanOrEqual(countedEntriesPerMinute);
        expect(flood.find((e) => e.ipAddress === 'many addresses')).toBeDefined();
        const times = flood.map((e) => Number(/; (\d+) times? this minute$/.exec(e.detail ?? '')?.[1]));
        expect(times.reduce((a, b) => a + b, 0)).toBe(60);
      });

      it('binds passkeys to the configured site address, whatever host the request names', async () => {
        const { username, client } = await limitedAdmin();
        const site = { origin: 'https://renovations.example.com', rpId: 'renovations.example.com' };
        const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
        const key = new SoftwarePasskey();
        const options = await client.post<{ rp: { id: string }; challenge: string }>(
          '/api/account/passkeys/options',
          { currentPassword: password },
          forged,
        );
        expect(options.status).toBe(200);
        expect(options.body.rp.id).toBe(site.rpId);
        const forHost = key.register(options.body, 'https://evil.example', 'evil.example');
        const refused = await client.post<ApiError>('/api/account/passkeys', { currentPassword: password, response: forHost }, forged);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe('The passkey could not be verified. Try adding it again.');
        expect((await limited.app.store.users.findOne({ username }))!.passkeys).toEqual([]);

        const elsewhere = await client.post<ApiError>(
          '/api/account/passkeys/options',
          { currentPassword: password },
          { ...forged, origin: 'https://evil.example' },
        );
        expect(elsewhere.status).toBe(409);
        expect(elsewhere.body.message).toContain(site.origin);

        const again = await client.post<{ challenge: string }>('/api/account/passkeys/options', { currentPassword: password });
        const added = await client.post<RecoveryCodes & { name: string }>('/api/account/passkeys', {
          currentPassword: password,
          name: 'Phone',
          response: key.register(again.body, site.origin, site.rpId),
        });
        expect(added.status).toBe(201);
        expect(added.body).toMatchObject({ name: 'Phone', recoveryCodes: expect.any(Array) });
        expect((await limited.app.store.users.findOne({ username }))!.passkeys.map((p) => p.id)).toEqual([key.id]);

        const browser = limited.client();
        expect((await browser.post<MfaChallenge>('/api/login', { username, password }, forged)).body).toEqual({
          mfaRequired: true,
          methods: ['passkey'],
        });
        const loginOptions = await browser.post<{ rpId: string; challenge: string }>('/api/login/passkey/options', {}, forged);
        expect(loginOptions.body.rpId).toBe(site.rpId);
        const forgedLogin = await browser.post(
          '/api/login/passkey',
          { response: key.authenticate(loginOptions.body, 'https://evil.example', 'evil.example') },
          forged,
        );
        expect(forgedLogin.status).toBe(401);
        const retry = await browser.post<{ challenge: string }>('/api/login/passkey/options', {});
        const signedIn = await browser.post<User>('/api/login/passkey', { response: key.authenticate(retry.body, site.origin, site.rpId) });
        expect(signedIn.status).toBe(200);
        expect(signedIn.body.username).toBe(username);
      });
    });
  });
}

describe('REQUIRE_MFA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ requireMfa: true });
  });
  afterAll(() => t.close());

  it('lets an admin without a second factor only set one up, then everything', async () => {
    await createAdmin(t.app.store, 'newcomer', password);
    const client = t.client();
    const login = await client.post<User>('/api/login', { username: 'newcomer', password });
    expect(login.body).toEqual({ id: expect.any(String), username: 'newcomer', mfaSetupRequired: true });
    expect((await client.get<User>('/api/user')).body.mfaSetupRequired).toBe(true);
    const blocked = await client.get<ApiError>('/api/project-inquiries');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(accountMessages.mfaSetupRequired);
    expect((await client.get<AccountSummary>('/api/account')).body.mfaRequired).toBe(true);

    const started = await client.post<TotpEnrolment>('/api/account/totp');
    t.clock.advance(30_000);
    await client.post('/api/account/totp/confirm', { code: totpCode(started.body.secret, t.clock.now()), currentPassword: password });
    expect((await client.get<User>('/api/user')).body).toEqual({ id: expect.any(String), username: 'newcomer' });
    expect((await client.get('/api/project-inquiries')).status).toBe(200);

    // The last factor cannot be removed while the business requires one.
    const off = await client.request<ApiError>('DELETE', '/api/account/totp', { json: { currentPassword: password } });
    expect(off.status).toBe(409);
  });
});

describe('no lockout by strangers (device cookies)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ loginRateLimit: 3, trustProxy: true });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.toWindowStart());

  it('a browser that signed in before still gets in with the right password while strangers hammer the username', async () => {
    await createAdmin(t.app.store, 'owner', password);
    const ownerBrowser = t.client();
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    expect((await ownerBrowser.post('/api/login', { username: 'owner', password }, from('203.0.113.5'))).status).toBe(200);
    await ownerBrowser.post('/api/logout', undefined, from('203.0.113.5'));

    for (let i = 0; i < 12; i++) {
      await t.client().post('/api/login', { username: 'owner', password: `guess number ${i}` }, from(`198.51.100.${i}`));
    }
    const stranger = await t.client().post<ApiError>('/api/login', { username: 'owner', password }, from('198.51.100.200'));
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get('retry-after')).toMatch(/^\d+$/);

    const owner = await ownerBrowser.post<User>('/api/login', { username: 'owner', password }, from('203.0.113.5'));
    expect(owner.status).toBe(200);
    expect(owner.body.username).toBe('owner');

    // The owner's browser has its own count: guessing from it is limited too.
    for (let i = 0; i < 3; i++)
      await ownerBrowser.post('/api/login', { username: 'owner', password: 'wrong one here' }, from('203.0.113.5'));
    expect((await ownerBrowser.post('/api/login', { username: 'owner', password }, from('203.0.113.5'))).status).toBe(429);
  });
});
