import { registerInputSchema, type User } from '@site/domain';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashPassword, randomPassword } from './auth/passwords';
import { newId } from './ids';
import type { Store } from './ports/store';

export async function createAdmin(store: Store, username: string, password: string): Promise<User> {
  const input = registerInputSchema.safeParse({ username, password });
  if (!input.success) throw new Error(input.error.issues.map((i) => i.message).join('; '));
  const user: User = { id: newId(), username: input.data.username };
  await store.users.insert({ ...user, password: await hashPassword(input.data.password), createdAt: new Date().toISOString() });
  return user;
}

/**
 * The first start with no users creates the first admin: from ADMIN_USERNAME and
 * ADMIN_PASSWORD when both are set, otherwise `admin` with a random password that is
 * printed once and written to DATA_DIR/initial-admin-password.txt (mode 0600).
 */
export async function ensureFirstAdmin(
  store: Store,
  dataDir: string,
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string },
  print: (line: string) => void,
): Promise<void> {
  if ((await store.users.count()) > 0) return;
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    await createAdmin(store, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    print(`Created the admin account "${env.ADMIN_USERNAME}" from ADMIN_USERNAME and ADMIN_PASSWORD.`);
    return;
  }
  const password = randomPassword();
  await createAdmin(store, 'admin', password);
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'initial-admin-password.txt');
  await writeFile(file, `username: admin\npassword: ${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  print('Created the first admin account.');
  print(`  username: admin`);
  print(`  password: ${password}`);
  print(`This password is shown once; it is also in ${file}. Sign in at /login and keep it safe.`);
}
