import { recoveryCodeCount, type MfaMethod } from '@site/domain';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../ids';
import type { UserRecord } from '../ports/store';
import { findMatch, hashAllWithOneSalt } from './passwords';

/** The second factors an admin has set up. */
export const methodsOf = (user: UserRecord): MfaMethod[] => [
  ...(user.totpSecret ? (['totp'] as const) : []),
  ...(user.passkeys.length ? (['passkey'] as const) : []),
];

/**
 * TOTP (RFC 6238, what every authenticator app speaks: SHA-1, 6 digits, 30 s) and recovery
 * codes. Codes from the step before and after are accepted for clocks that drift, and a step
 * is accepted once, so a code seen over a shoulder cannot be used again.
 */
const period = 30;

function totp(secret: string, issuer: string, label: string) {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, issuer: string, username: string): string {
  return totp(secret, issuer, username).toString();
}

/** The time step `code` belongs to, or null when it is not a current code of `secret`. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, '', '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / period) + delta;
}

/** A six-digit code for `secret` now (tests and the CLI's own checks). */
export function totpCode(secret: string, now: Date): string {
  return totp(secret, '', '').generate({ timestamp: now.getTime() });
}

// Recovery codes: ten groups of letters and digits without the look-alikes (0/o, 1/l/i).
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * What a recovery code is hashed from: its SHA-256, whatever the case or dashes it was typed
 * with. Versions before scrypt stored this digest bare; now it is what scrypt hashes, so a
 * stored bare digest can be brought up to scrypt without knowing the code.
 */
const digestOf = (code: string) => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
const isBareDigest = (stored: string) => /^[A-Za-z0-9_-]{43}$/.test(stored);

/** What is stored of a set of recovery codes: each salted and slow (scrypt), one salt per set. */
export async function hashRecoveryCodes(codes: readonly string[]): Promise<string[]> {
  return hashAllWithOneSalt(codes.map(digestOf));
}

/** The stored entry `code` is, or null; also a bare SHA-256 digest stored by an older version. */
export async function matchRecoveryCode(code: string, stored: readonly string[]): Promise<string | null> {
  const digest = digestOf(code);
  const bare = stored.find((s) => isBareDigest(s) && timingSafeEqual(Buffer.from(s), Buffer.from(digest)));
  return bare ?? (await findMatch(digest, stored));
}

/**
 * Recovery codes an older version stored as bare SHA-256 digests, hashed again with scrypt
 * (the digest is what scrypt hashes, so each code keeps working); null when none are bare.
 */
export async function upgradeBareRecoveryCodes(stored: readonly string[]): Promise<string[] | null> {
  const bare = stored.filter(isBareDigest);
  if (!bare.length) return null;
  const wrapped = await hashAllWithOneSalt(bare);
  return stored.map((s) => (isBareDigest(s) ? wrapped[bare.indexOf(s)] : s));
}
