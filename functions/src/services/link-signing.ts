import { linkTokenPattern } from '@site/domain';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../ports/clock';
import { ConflictError } from '../ports/errors';
import type { Store } from '../ports/store';

/** What a signature is for: a review link cannot be turned into an unsubscribe link, nor a file's link into either. */
export type LinkPurpose = 'review' | 'unsubscribe' | 'attachment' | 'booking' | 'customer';

const keyId = 'links';

/**
 * Signs and checks links: the tokens of links sent to customers, `<subject>.<HMAC-SHA256>`, and
 * the short-lived links to a customer's file (`signature` and `matches`). The key
 * is random, made at first use and kept in the store (so every instance of the Cloud Function
 * and a restored backup sign alike); a second instance making it at the same moment reads the
 * first one's instead.
 */
export class LinkSigner {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly store: Pick<Store, 'signingKeys'>,
    private readonly clock: Clock,
  ) {}

  async sign(purpose: LinkPurpose, subject: string): Promise<string> {
    return `${subject}.${await this.signature(purpose, subject)}`;
  }

  /** The subject of a token this signer made for `purpose`, or null for anything else (altered, malformed, another purpose). */
  async verify(purpose: LinkPurpose, token: string): Promise<string | null> {
    if (!linkTokenPattern.test(token)) return null;
    const dot = token.indexOf('.');
    const subject = token.slice(0, dot);
    return (await this.matches(purpose, subject, token.slice(dot + 1))) ? subject : null;
  }

  /** Whether `signature` is this signer's for `purpose` and `subject`, compared in constant time. */
  async matches(purpose: LinkPurpose, subject: string, signature: string): Promise<boolean> {
    const given = Buffer.from(signature, 'base64url');
    const expected = Buffer.from(await this.signature(purpose, subject), 'base64url');
    // Only the one spelling of the signature: a last character differing in its unused bits decodes alike.
    if (given.toString('base64url') !== signature) return false;
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The signature (HMAC-SHA256, base64url) of `subject` for `purpose`. */
  async signature(purpose: LinkPurpose, subject: string): Promise<string> {
    return createHmac('sha256', await this.loadKey())
      .update(`${purpose}:${subject}`)
      .digest('base64url');
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= this.readOrMakeKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async readOrMakeKey(): Promise<Buffer> {
    const existing = await this.store.signingKeys.get(keyId);
    if (existing) return Buffer.from(existing.secret, 'base64url');
    const key = randomBytes(32).toString('base64url');
    try {
      await this.store.signingKeys.insert({ id: keyId, secret: key, createdAt: this.clock.now().toISOString() });
      return Buffer.from(key, 'base64url');
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const made = await this.store.signingKeys.get(keyId);
      if (!made) throw error;
      return Buffer.from(made.secret, 'base64url');
    }
  }
}
