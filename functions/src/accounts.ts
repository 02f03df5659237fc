import { registerInputSchema, type User } from '@site/domain';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashPassword, randomPassword } from './auth/passwords';
import { passwordWeakness } from './auth/password-strength';
import { newId } from './ids';
import { ConflictError } from './ports/errors';
import type { Store, UserRecord } from './ports/store';

/** Creates an admin; throws with the reason when the username or password is refused. */
export async function createAdmin(store: Store, username: string, password: string): Promise<User> {
  const input = registerInputSchema.safeParse({ username, password });
  if (!input.success) throw new Error(input.error.issues.map((i) => i.message).join('; '));
  const weakness = await passwordWeakness(input.data.password, [input.data.username]);
  if (weakness) throw new Error(weakness);
  const user: User = { id: newId(), username: input.data.username };
  await store.users.insert({
    ...user,
    password: await hashPassword(input.data.password),
    createdAt: new Date().toISOString(),
    recoveryCodes: [],
    passkeys: [],
  });
  return user;
}

/**
 * Clears an admin's second factors (a lost phone and lost recovery codes) and ends their
 * sessions; they sign in with the password alone, or set a factor up again if REQUIRE_MFA.
 */
export async function resetSecondFactors(store: Store, username: string): Promise<UserRecord | null> {
  const user = await store.users.findOne({ username });
  if (!user) return null;
  await store.users.update(user.id, {
    totpSecret: undefined,
    totpPending: undefined,
    totpLastStep: undefined,
    recoveryCodes: [],
    passkeys: [],
  });
  return user;
}

/**
 * The first start with no users creates the first admin: from ADMIN_PASSWORD (with
 * ADMIN_USERNAME, default `admin`) when it is set; otherwise, where `dataDir` is given
 * (the embedded server), `admin` with a random password that is printed once and written to
 * DATA_DIR/initial-admin-password.txt (mode 0600). Without either (a Cloud Function whose
 * secret is not set) nobody is created. `passwordFrom` names the password's source in the
 * message. Several instances may start at once: one creates the admin, the others find it.
 *
 * The random password is shown through `terminal` only, a person's screen: `print` writes
 * log lines, which are kept and shipped elsewhere, so they say only where the file is.
 */
export async function ensureFirstAdmin(
  store: Store,
  dataDir: string | null,
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string },
  print: (line: string) => void,
  passwordFrom = 'ADMIN_PASSWORD',
  terminal?: (line: string) => void,
): Promise<void> {
  if ((await store.users.count()) > 0) return;
  try {
    if (env.ADMIN_PASSWORD) {
      const username = env.ADMIN_USERNAME || 'admin';
      await createAdmin(store, username, env.ADMIN_PASSWORD);
      print(`Created the admin account "${username}" from ${passwordFrom}.`);
      return;
    }
    if (dataDir === null) return;
    const password = randomPassword();
    await createAdmin(store, 'admin', password);
    await mkdir(dataDir, { recursive: true });
    const file = join(dataDir, 'initial-admin-password.txt');
    await writeFile(file, `username: admin\npassword: ${password}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    if (terminal) {
      terminal('Created the first admin account.');
      terminal(`  username: admin`);
      terminal(`  password: ${password}`);
      terminal(`This password is shown once; it is also in ${file}. Sign in at /login and keep it safe.`);
    } else {
      print(
        `Created the first admin account "admin". Its password is in ${file}, readable only by this user. Sign in at /login and keep it safe.`,
      );
    }
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}
