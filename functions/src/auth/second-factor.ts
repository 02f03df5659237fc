import { recoveryCodeCount } from '@site/domain';
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../ids';

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

/** What is stored of a recovery code: its hash, whatever the case or dashes it was typed with. */
export function recoveryCodeHash(code: string): string {
  return sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}
