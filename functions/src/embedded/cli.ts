import password from '@inquirer/password';
import { registerInputSchema } from '@site/domain';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { copyDatabaseFile, databaseFile, restoreBackup, writeBackup } from './backup';
import { createAdmin, resetSecondFactors } from '../accounts';
import { passwordWeakness } from '../auth/password-strength';
import { AuditTrail, commandLine } from '../services/audit';
import { defaultFirebaseProject, openAdminTarget } from './admin-target';
import { Sessions } from '../auth/sessions';
import { systemClock } from '../ports/clock';
import { readEnv } from '../config';
import { startDemo } from './start-demo';
import { ConflictError } from '../ports/errors';
import { sendTestMessage } from './test-message';
import { createSqliteStore } from '../adapters/sqlite/store';
import { withDefaults, type SiteSettings } from '@site/domain';
import { privateUmask } from './private-files';

// Before anything is created (a database, a backup, a restored DATA_DIR): see privateUmask.
process.umask(privateUmask);

const usage = `Usage:
  npm run admin -- create NAME     create an admin (password from ADMIN_PASSWORD, a prompt or stdin)
  npm run admin -- list            list the admins
  npm run admin -- delete NAME     delete an admin and end their sessions
  npm run admin -- reset-mfa NAME  clear an admin's second factors (authenticator app,
                                   passkeys, recovery codes) and end their sessions
      add --firebase (the project in FIREBASE_PROJECT or .firebaserc) or --project ID
      to manage the admins of a Firebase project's Firestore instead of DATA_DIR
  npm run admin -- test-message EMAIL_OR_MOBILE
                                   send a test email or SMS through the configured channel
  npm run admin -- backup FILE     write the database and uploaded files to FILE (.tar.gz),
                                   also while the server runs
  npm run admin -- restore FILE    unpack a backup into DATA_DIR, which must be empty
  npm run demo                     start the site on DATA_DIR (default ./.data-demo) with demo content`;

/**
 * The new admin's password: typed at a hidden prompt in a terminal (asked again until the
 * sign-up rules accept it), or the first line of piped input, so scripts can create admins.
 */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return '';
  }
  try {
    return await password({
      message: 'Password (at least 12 characters):',
      mask: true,
      validate: async (value) =>
        registerInputSchema.shape.password.safeParse(value).error?.issues[0]?.message ?? (await passwordWeakness(value)) ?? true,
    });
  } catch (error) {
    // Ctrl+C at the prompt.
    if (error instanceof Error && error.name === 'ExitPromptError') throw new Error('Cancelled: no admin was created.', { cause: error });
    throw error;
  }
}

async function admin(argv: string[]) {
  const { values, positionals: args } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { firebase: { type: 'boolean', default: false }, project: { type: 'string' } },
  });
  const env = readEnv();
  if (args[0] === 'test-message' && args[1]) {
    if (!(await sendTestMessage(env, args[1], console.log, await storedSettings(env.DATA_DIR)))) process.exitCode = 1;
    return;
  }
  if (args[0] === 'backup' && args[1]) return backup(env.DATA_DIR, resolve(args[1]));
  if (args[0] === 'restore' && args[1]) {
    const restored = await restoreBackup(resolve(args[1]), env.DATA_DIR);
    console.log(
      `Restored the backup of ${restored.createdAt} into ${env.DATA_DIR}: ${restored.inquiries.toLocaleString('en-AU')} project inquiries, ${restored.objects.toLocaleString('en-AU')} uploaded files. Start the server with this DATA_DIR.`,
    );
    return;
  }
  const project = values.project ?? (values.firebase || process.env.FIREBASE_PROJECT ? defaultFirebaseProject() : undefined);
  if (values.firebase && !project)
    throw new Error('--firebase needs a project: --project ID, FIREBASE_PROJECT, or a default in .firebaserc.');
  const { store, revoke, where } = await openAdminTarget(env, project);
  const audit = new AuditTrail(store, systemClock);
  try {
    const [command, name] = args;
    if (command === 'create' && name) {
      const password = env.ADMIN_PASSWORD ?? (await readPassword());
      try {
        await createAdmin(store, name, password);
      } catch (error) {
        if (error instanceof ConflictError) throw new Error(`An admin named "${name}" already exists.`, { cause: error });
        throw error;
      }
      await audit.record(commandLine, { username: '(command line)' }, 'admin.created', { target: `user:${name}` });
      console.log(`Created admin "${name}" in ${where}.`);
    } else if (command === 'list') {
      const users = await store.users.find({ orderBy: 'username', direction: 'asc', limit: 1000 });
      if (!users.items.length) console.log(`No admins yet in ${where}.`);
      for (const user of users.items) console.log(`${user.username}\t(created ${user.createdAt})`);
    } else if (command === 'delete' && name) {
      const user = await store.users.findOne({ username: name });
      if (!user) throw new Error(`No admin named "${name}".`);
      await store.users.delete(user.id);
      const ended = await new Sessions(store, systemClock, { ttlSeconds: 0, idleSeconds: 0 }).endAllFor(user.id);
      await revoke(user.id);
      await audit.record(commandLine, { username: '(command line)' }, 'admin.deleted', { target: `user:${name}` });
      console.log(`Deleted admin "${name}" from ${where} and ended ${ended} session(s).`);
    } else if (command === 'reset-mfa' && name) {
      const user = await resetSecondFactors(store, name);
      if (!user) throw new Error(`No admin named "${name}".`);
      const ended = await new Sessions(store, systemClock, { ttlSeconds: 0, idleSeconds: 0 }).endAllFor(user.id);
      await revoke(user.id);
      await audit.record(commandLine, { username: '(command line)' }, 'mfa.reset', { target: `user:${name}` });
      console.log(
        `Cleared the second factors of "${name}" in ${where} and ended ${ended} session(s). They sign in with their password${env.REQUIRE_MFA ? ' and must set up a second factor again' : ''}.`,
      );
    } else {
      console.log(usage);
      process.exitCode = 2;
    }
  } finally {
    await store.close();
  }
}

async function backup(dataDir: string, out: string) {
  // Checked before anything is written, so a wrong DATA_DIR is not created or changed.
  if (!existsSync(databaseFile(dataDir)))
    throw new Error(`No database at ${databaseFile(dataDir)}: set DATA_DIR to the server's data folder.`);
  if (existsSync(out)) throw new Error(`${out} already exists: choose a new file name.`);
  if (!existsSync(dirname(out))) throw new Error(`The folder ${dirname(out)} does not exist.`);
  const started = Date.now();
  const result = await writeBackup({ dataDir, out, copyDatabase: copyDatabaseFile(dataDir) });
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up ${dataDir} (the database and ${result.objects.toLocaleString('en-AU')} uploaded files) to ${out}: ${mb} MB in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

async function demo() {
  const env = readEnv({ DATA_DIR: './.data-demo', ...process.env });
  const { embedded, seeded } = await startDemo(env, { fullPhotos: process.env.DEMO_PHOTOS === 'full' });
  if (seeded) console.log('Filled the demo data folder with demo content (every record is marked "Demo").');
  console.log(`Demo site at ${embedded.url} (data in ${env.DATA_DIR}). This is demo content, not real customers.`);
  const stop = () =>
    void embedded.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'admin') await admin(rest);
  else if (command === 'demo') await demo();
  else {
    console.log(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

/** The business settings of the server's data folder (read only; the defaults when it has none yet). */
async function storedSettings(dataDir: string): Promise<SiteSettings> {
  if (!existsSync(databaseFile(dataDir))) return withDefaults(undefined);
  const store = createSqliteStore({ file: databaseFile(dataDir) });
  try {
    return withDefaults((await store.settings.read())?.settings);
  } finally {
    await store.close();
  }
}
