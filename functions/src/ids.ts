import { createHash, randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Random bytes are drawn 4 KB at a time: one call to the system per hundred ids, not per id.
let pool = Buffer.alloc(0);
let offset = 0;
function randomByte(): number {
  if (offset >= pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  return pool[offset++];
}

/** 20 random base62 characters, like Firestore's auto ids. */
export function newId(): string {
  let id = '';
  while (id.length < 20) {
    const byte = randomByte();
    // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
    if (byte < 248) id += alphabet[byte % 62];
  }
  return id;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
