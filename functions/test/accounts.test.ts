import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/accounts';
import { createLocalObjectStore } from '../src/adapters/local-objects/local-object-store';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import { verifyPassword } from '../src/auth/passwords';
import { seedDemo } from '../src/demo/seed';

const run = promisify(execFile);
const functionsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'accounts-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the first admin', () => {
  it('comes from ADMIN_USERNAME and ADMIN_PASSWORD when both are set', async () => {
    const dir = tempDir();
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    const lines: string[] = [];
    await ensureFirstAdmin(store, dir, { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a very good password' }, (l) => lines.push(l));
    const user = await store.users.findOne({ username: 'owner' });
    expect(user).not.toBeNull();
    expect(await verifyPassword('a very good password', user!.password)).toBe(true);
    expect(lines.join('\n')).not.toContain('a very good password');
    await store.close();
  });

  it('is named admin when only ADMIN_PASSWORD is set, and several starts at once create one', async () => {
    const dir = tempDir();
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    const lines: string[] = [];
    const env = { ADMIN_PASSWORD: 'a very good password' };
    await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(store, dir, env, (l) => lines.push(l))));
    expect(await store.users.count()).toBe(1);
    expect(await verifyPassword('a very good password', (await store.users.findOne({ username: 'admin' }))!.password)).toBe(true);
    expect(lines).toEqual(['Created the admin account "admin" from ADMIN_PASSWORD.']);
    await store.close();
  });

  it('is nobody where there is no password and no folder for a random one (a Cloud Function without its secret)', async () => {
    const dir = tempDir();
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    const lines: string[] = [];
    await ensureFirstAdmin(store, null, {}, (l) => lines.push(l));
    expect(await store.users.count()).toBe(0);
    expect(lines).toEqual([]);
    await store.close();
  });

  it('is otherwise admin with a random password shown once on the terminal and written to a 0600 file', async () => {
    const dir = tempDir();
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    const lines: string[] = [];
    const shown: string[] = [];
    await ensureFirstAdmin(
      store,
      dir,
      {},
      (l) => lines.push(l),
      undefined,
      (l) => shown.push(l),
    );
    const file = join(dir, 'initial-admin-password.txt');
    const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))![1];
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(shown.join('\n')).toContain(password);
    expect(lines).toEqual([]);
    const user = await store.users.findOne({ username: 'admin' });
    expect(await verifyPassword(password, user!.password)).toBe(true);
    expect(shown.filter((l) => l.includes(password))).toHaveLength(1);

    // A second start with a user present changes nothing and prints nothing.
    const again: string[] = [];
    await ensureFirstAdmin(store, dir, {}, (l) => again.push(l));
    expect(again).toEqual([]);
    expect(await store.users.count()).toBe(1);
    await store.close();
  });

  it('without a terminal, logs only where the password file is', async () => {
    const dir = tempDir();
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    const lines: string[] = [];
    await ensureFirstAdmin(store, dir, {}, (l) => lines.push(l));
    const file = join(dir, 'initial-admin-password.txt');
    const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))![1];
    expect(lines).toEqual([
      `Created the first admin account "admin". Its password is in ${file}, readable only by this user. Sign in at /login and keep it safe.`,
    ]);
    expect(lines.join('\n')).not.toContain(password);
    await store.close();
  });
});

describe('npm run admin', () => {
  const cli = (dir: string, args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', join(functionsDir, 'src/embedded/cli.ts'), 'admin', ...args], {
      cwd: functionsDir,
      env: { ...process.env, DATA_DIR: dir, ...env },
    });

  it('creates, lists and deletes admins', async () => {
    const dir = tempDir();
    const created = await cli(dir, ['create', 'maria'], { ADMIN_PASSWORD: 'maria has a long password' });
    expect(created.stdout).toContain(`Created admin "maria" in ${dir}.`);
    const listed = await cli(dir, ['list']);
    expect(listed.stdout).toMatch(/^maria\t\(created /m);
    await expect(cli(dir, ['create', 'maria'], { ADMIN_PASSWORD: 'maria has a long password' })).rejects.toMatchObject({
      stderr: expect.stringContaining('An admin named "maria" already exists.'),
    });
    await expect(cli(dir, ['create', 'bob'], { ADMIN_PASSWORD: 'short' })).rejects.toMatchObject({
      stderr: expect.stringContaining('Password must be at least 12 characters'),
    });
    await expect(cli(dir, ['create', 'bob'], { ADMIN_PASSWORD: 'password1234' })).rejects.toMatchObject({
      stderr: expect.stringContaining('This password is too easy to guess.'),
    });
    const deleted = await cli(dir, ['delete', 'maria']);

    expect(deleted.stdout).toContain('Deleted admin "maria"');
    expect((await cli(dir, ['list'])).stdout).toContain('No admins yet');
  }, 60_000);

  it("clears an admin's second factors and sessions (reset-mfa), recording it in the audit trail", async () => {
    const dir = tempDir();
    await cli(dir, ['create', 'maria'], { ADMIN_PASSWORD: 'maria has a long password' });
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    try {
      const user = (await store.users.findOne({ username: 'maria' }))!;
      await store.users.update(user.id, { totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodes: ['x'] });
      await store.sessions.insert({
        id: 'phone-session',
        userId: user.id,
        username: 'maria',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        lastSeenAt: new Date().toISOString(),
        ipAddress: '203.0.113.9',
        userAgent: 'phone',
        mfaSetupRequired: false,
      });
    } finally {
      await store.close();
    }
    const reset = await cli(dir, ['reset-mfa', 'maria']);
    expect(reset.stdout).toContain(`Cleared the second factors of "maria" in ${dir} and ended 1 session(s).`);
    await expect(cli(dir, ['reset-mfa', 'nobody'])).rejects.toMatchObject({ stderr: expect.stringContaining('No admin named "nobody".') });
    const after = createSqliteStore({ file: join(dir, 'site.sqlite') });
    try {
      const user = (await after.users.findOne({ username: 'maria' }))!;
      expect(user).not.toHaveProperty('totpSecret');
      expect(user.recoveryCodes).toEqual([]);
      expect(await after.sessions.get('phone-session')).toBeNull();
      const audit = await after.audit.find({ orderBy: 'at', direction: 'desc', limit: 5 });
      expect(audit.items.map((e) => [e.action, e.username, e.target])).toEqual([
        ['mfa.reset', '(command line)', 'user:maria'],
        ['admin.created', '(command line)', 'user:maria'],
      ]);
    } finally {
      await after.close();
    }
  }, 60_000);

  /** The CLI with ADMIN_PASSWORD unset, its stdin a pipe (`input`) or, with `terminal`, a pseudo-terminal. */
  const cliFrom = (
    dir: string,
    args: string[],
    options: { input?: string; terminal?: (output: string, type: (keys: string) => void) => void },
  ) =>
    new Promise<{ code: number | null; output: string }>((done) => {
      const { ADMIN_PASSWORD: _unset, ...env } = process.env;
      const command = [process.execPath, '--import', 'tsx', join(functionsDir, 'src/embedded/cli.ts'), 'admin', ...args];
      // util-linux `script` runs the command on a pseudo-terminal and relays this pipe to it.
      const child = options.terminal
        ? spawn('script', ['-qfec', command.map((word) => `'${word}'`).join(' '), '/dev/null'], {
            cwd: functionsDir,
            env: { ...env, DATA_DIR: dir },
          })
        : spawn(command[0], command.slice(1), { cwd: functionsDir, env: { ...env, DATA_DIR: dir } });
      let output = '';
      const type = (keys: string) => child.stdin.write(keys);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        options.terminal?.(output, type);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      if (options.input !== undefined) child.stdin.end(options.input);
      child.on('close', (code) => done({ code, output }));
    });
  const storedPassword = async (dir: string, username: string) => {
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    try {
      return (await store.users.findOne({ username }))?.password;
    } finally {
      await store.close();
    }
  };

  it('takes the password from piped input when ADMIN_PASSWORD is unset', async () => {
    const dir = tempDir();
    const created = await cliFrom(dir, ['create', 'nina'], { input: 'nina has a long password\n' });
    expect(created.output).toContain(`Created admin "nina" in ${dir}.`);
    expect(created.code).toBe(0);
    expect(await verifyPassword('nina has a long password', (await storedPassword(dir, 'nina'))!)).toBe(true);

    const refused = await cliFrom(dir, ['create', 'otto'], { input: 'short\n' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Password must be at least 12 characters');
    expect(await storedPassword(dir, 'otto')).toBeUndefined();
  }, 60_000);

  it.skipIf(!existsSync('/usr/bin/script'))(
    'asks for the password in a terminal without showing it, until it is long enough',
    async () => {
      const dir = tempDir();
      const typed: string[] = [];
      const created = await cliFrom(dir, ['create', 'olga'], {
        terminal(output, type) {
          if (!typed.includes('short') && output.includes('Password (at least 12 characters)')) {
            typed.push('short');
            type('short\r');
          } else if (typed.length === 1 && output.includes('Password must be at least 12 characters')) {
            typed.push('long');
            // The prompt keeps what was typed: erase it (backspaces) and type a longer one.
            type('\x7f'.repeat('short'.length) + 'olga has a long password\r');
          }
        },
      });
      expect(created.output).toContain(`Created admin "olga" in ${dir}.`);
      expect(created.output).not.toContain('olga has a long password');
      expect(created.output).not.toContain('short');
      expect(await verifyPassword('olga has a long password', (await storedPassword(dir, 'olga'))!)).toBe(true);
    },
    60_000,
  );

  describe.skipIf(!firestoreEmulatorHost)(onEmulator('on a Firebase project'), () => {
    let auth: Server;
    const revoked: string[] = [];
    beforeAll(async () => {
      // The Auth emulator's accounts:update, which revoking refresh tokens calls.
      auth = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          if (req.url?.endsWith('/accounts:update')) revoked.push((JSON.parse(body) as { localId: string }).localId);
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({}));
        });
      });
      await new Promise<void>((done) => auth.listen(0, '127.0.0.1', done));
    });
    afterAll(() => new Promise((done) => auth?.close(done)));

    it('creates, lists and deletes the admins in Firestore, ending their sessions and revoking their Firebase tokens', async () => {
      const project = `demo-admin-cli-${process.pid}`;
      const dir = tempDir();
      const firebase = {
        FIRESTORE_EMULATOR_HOST: firestoreEmulatorHost ?? '',
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${(auth.address() as AddressInfo).port}`,
      };
      const app = initializeApp({ projectId: project }, project);
      const db = getFirestore(app);
      db.settings({ host: firestoreEmulatorHost, ssl: false });
      try {
        const created = await cli(dir, ['create', 'maria', '--project', project], {
          ...firebase,
          ADMIN_PASSWORD: 'maria has a long password',
        });
        expect(created.stdout).toContain(`Created admin "maria" in Firebase project ${project}.`);
        const users = await db.collection('users').where('username', '==', 'maria').get();
        expect(users.size).toBe(1);
        const userId = users.docs[0].id;
        expect(await verifyPassword('maria has a long password', users.docs[0].get('password'))).toBe(true);

        // FIREBASE_PROJECT alone also selects the project; the embedded folder stays empty.
        expect((await cli(dir, ['list'], { ...firebase, FIREBASE_PROJECT: project })).stdout).toMatch(/^maria\t\(created /m);
        expect((await cli(dir, ['list'])).stdout).toContain('No admins yet');

        const at = new Date().toISOString();
        const later = new Date(Date.now() + 3_600_000).toISOString();
        await db.doc('sessions/s1').set({ userId, username: 'maria', createdAt: at, expiresAt: later });
        const deleted = await cli(dir, ['delete', 'maria', '--firebase'], { ...firebase, FIREBASE_PROJECT: project });
        expect(deleted.stdout).toContain(`Deleted admin "maria" from Firebase project ${project} and ended 1 session(s).`);
        expect((await db.doc(`users/${userId}`).get()).exists).toBe(false);
        expect((await db.doc('sessions/s1').get()).exists).toBe(false);
        expect(revoked).toEqual([userId]);
      } finally {
        await deleteApp(app);
      }
    }, 60_000);
  });
});

describe('demo content', () => {
  it('fills an empty store with content marked as demo, and only once', async () => {
    const dir = tempDir();
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    const objects = await createLocalObjectStore(join(dir, 'objects'));
    expect(await seedDemo(store, objects)).toBe(true);
    const reviews = (await store.reviews.find({ orderBy: 'createdAt', direction: 'desc', limit: 100 })).items;
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) {
      expect(review.customerName).toMatch(/^Demo /);
      expect(review.reviewText).toMatch(/^Demo review: /);
    }
    const inquiries = (await store.inquiries.find({ orderBy: 'createdAt', direction: 'desc', limit: 100 })).items;
    for (const inquiry of inquiries) expect(inquiry.firstName).toMatch(/^Demo /);
    // Some demo leads are being worked: their notes say they are demo ones, first contact follows arrival.
    const worked = inquiries.filter((inquiry) => inquiry.status !== 'new');
    expect(worked.length).toBeGreaterThan(0);
    for (const lead of worked) {
      expect(lead.history.filter((entry) => entry.note).every((entry) => entry.note?.startsWith('Demo: '))).toBe(true);
      expect(Date.parse(lead.firstContactAt ?? '')).toBeGreaterThan(Date.parse(lead.createdAt));
      expect(lead.updatedAt).toBe(lead.history[lead.history.length - 1].at);
    }
    expect(await store.quotes.count()).toBeGreaterThan(0);
    expect(await store.visitors.count()).toBeGreaterThan(0);
    // The portfolio: published projects marked as demo, their photos processed and public,
    // the first featured (the hero's photo) and linked to a sample model.
    const projects = (await store.projects.find({ orderBy: 'displayOrder', direction: 'asc', limit: 100 })).items;
    expect(projects.length).toBe(11);
    for (const project of projects) {
      expect(project.summary).toMatch(/^Demo project: /);
      expect(project.published).toBe(true);
      expect(project.photos.length).toBeGreaterThan(0);
      for (const photo of project.photos) {
        expect(photo.alt).not.toBe('');
        expect(photo.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
        expect(photo.src).toMatch(/\/objects\/photos\/.+\.webp$/);
      }
    }
    expect(projects.filter((project) => project.featured).map((project) => project.title)).toEqual(['Hawthorn Family Kitchen']);
    expect(projects[0].modelId).toBe((await store.models.find({ orderBy: 'displayOrder', direction: 'asc', limit: 1 })).items[0].id);
    expect(projects[0].before?.width).toBe(1600);
    const counts = await store.reviews.count();
    expect(await seedDemo(store, objects)).toBe(false);
    expect(await store.reviews.count()).toBe(counts);
    await store.close();
  }, 120_000);
});
