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

function randomChars(count: number): string {
  let chars = '';
  while (chars.length < count) {
    const byte = randomByte();
    // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
    if (byte < 248) chars += alphabet[byte % 62];
  }
  return chars;
}

/** 20 random base62 characters, like Firestore's auto ids. */
export function newId(): string {
  return randomChars(20);
}

// The same 62 characters in the order SQLite compares them (byte order: digits, upper, lower).
const sortable = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * 20 base62 characters that sort by when they were made: the time in milliseconds in 8
 * characters (enough until the year 8889), then 12 random ones (71 bits, more than a guess can
 * reach). Ids of one millisecond sort among themselves at random. A B-tree keyed by these ids
 * takes each new one at its end, where the last insert left a page already in memory, instead
 * of at a random leaf: in the embedded store a lead's key and its messages' keys then write a
 * few pages per group commit rather than a random one each (docs/decisions/035-inquiry-write.md).
 */
export function newTimeOrderedId(now = Date.now()): string {
  let time = '';
  for (let i = 0, t = now; i < 8; i++, t = Math.floor(t / 62)) time = sortable[t % 62] + time;
  return time + randomChars(12);
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
