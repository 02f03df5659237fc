import { createHash, randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 20 random base62 characters, like Firestore's auto ids. */
export function newId(): string {
  const bytes = randomBytes(40);
  let id = '';
  for (let i = 0; i < bytes.length && id.length < 20; i++) {
    // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
    if (bytes[i] < 248) id += alphabet[bytes[i] % 62];
  }
  return id.length === 20 ? id : newId();
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
