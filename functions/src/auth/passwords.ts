import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const params = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;
const maxmem = 64 * 1024 * 1024;

/** scrypt$N$r$p$salt$hash, base64url. */
export async function hashPassword(password: string): Promise<string> {
  return (await hashAllWithOneSalt([password]))[0];
}

/**
 * Each secret hashed as a password is, all with the same new salt, so that checking a guess
 * against all of them costs one scrypt (an admin's recovery codes: ten random codes, not
 * passwords people reuse, so a salt per set is enough to defeat precomputed tables).
 */
export async function hashAllWithOneSalt(secrets: readonly string[]): Promise<string[]> {
  const salt = randomBytes(16);
  const prefix = ['scrypt', params.N, params.r, params.p, salt.toString('base64url')].join('$');
  const keys = await Promise.all(secrets.map((secret) => scrypt(secret, salt, keyLength, { ...params, maxmem })));
  return keys.map((key) => `${prefix}$${key.toString('base64url')}`);
}

const parse = (stored: string) => {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, hash] = parts;
  return { prefix: parts.slice(0, 5).join('$'), options: { N: Number(n), r: Number(r), p: Number(p), maxmem }, salt, hash };
};

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await findMatch(password, [stored])) !== null;
}

/**
 * The stored hash among `stored` that `secret` matches, or null: one scrypt per distinct
 * salt and cost, however many hashes share them.
 */
export async function findMatch(secret: string, stored: readonly string[]): Promise<string | null> {
  const bySalt = new Map<string, Array<{ stored: string; expected: Buffer }>>();
  for (const entry of stored) {
    const parsed = parse(entry);
    if (!parsed) continue;
    const group = bySalt.get(parsed.prefix) ?? [];
    group.push({ stored: entry, expected: Buffer.from(parsed.hash, 'base64url') });
    bySalt.set(parsed.prefix, group);
  }
  let match: string | null = null;
  for (const group of bySalt.values()) {
    const { options, salt } = parse(group[0].stored)!;
    const key = await scrypt(secret, Buffer.from(salt, 'base64url'), group[0].expected.length, options);
    // Every hash of the group is compared, so the time taken does not tell which one matched.
    for (const { stored: entry, expected } of group) {
      if (expected.length === key.length && timingSafeEqual(key, expected) && !match) match = entry;
    }
  }
  return match;
}

/** A hash no password matches, checked for unknown usernames so timing does not reveal them. */
export const decoyHash = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$' + Buffer.alloc(32).toString('base64url');

export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}
