import { toPublicReview } from '@site/domain';
import { createHash } from 'node:crypto';
import type { ChangeFeed } from '../ports/change-feed';
import type { Clock } from '../ports/clock';
import type { Collection } from '../ports/store';
import type { Review } from '@site/domain';

/** One page of the public reviews as it is sent: the JSON body, its strong ETag, the total and the next page's cursor. */
export interface PublicReviewPage {
  body: string;
  /** The body as sent, UTF-8, encoded once for every request that gets it. */
  bytes: Buffer;
  etag: string;
  total: number;
  next?: string;
}

/** Pages kept at once; a client's own cursors cannot grow the cache past this. */
const maxPages = 20;

/**
 * The approved reviews every public page shows, served from memory: each page (by limit and
 * cursor) is read once and kept, with a strong ETag over what is sent, until a review changes
 * or `maxAgeMs` passes. Every write through the store publishes on the change feed, which
 * empties the cache at once; the age bounds what this process cannot hear of, a write by
 * another Cloud Functions instance (or the embedded command line), to `maxAgeMs`
 * (docs/decisions/032-server-speed.md).
 */
export class PublicReviews {
  private pages = new Map<string, { made: Promise<PublicReviewPage>; at: number }>();
  /** Counts the changes heard: a read that began before one is not kept. */
  private generation = 0;

  constructor(
    private readonly reviews: Collection<Review>,
    feed: ChangeFeed,
    private readonly clock: Clock,
    private readonly maxAgeMs: number,
  ) {
    feed.subscribe((event) => {
      if (event.collection === 'reviews') this.forget();
    });
  }

  /** Empties the cache: the next request of each page reads the store. */
  forget(): void {
    this.generation++;
    this.pages.clear();
  }

  page(query: { limit: number; cursor?: string }): Promise<PublicReviewPage> {
    const key = `${query.limit}\n${query.cursor ?? ''}`;
    const now = this.clock.now().getTime();
    const kept = this.pages.get(key);
    if (kept && now - kept.at < this.maxAgeMs) return kept.made;
    if (kept) this.pages.delete(key);
    const generation = this.generation;
    const made = this.read(query);
    if (this.pages.size >= maxPages) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, { made, at: now });
    // A failed read, or one that a change overtook, is not kept.
    made.then(
      () => {
        if (generation !== this.generation && this.pages.get(key)?.made === made) this.pages.delete(key);
      },
      () => {
        if (this.pages.get(key)?.made === made) this.pages.delete(key);
      },
    );
    return made;
  }

  private async read({ limit, cursor }: { limit: number; cursor?: string }): Promise<PublicReviewPage> {
    const where = { approved: true } as const;
    const [page, total] = await Promise.all([
      this.reviews.find({ where, orderBy: 'createdAt', direction: 'desc', limit, after: cursor }),
      this.reviews.count(where),
    ]);
    const body = JSON.stringify(page.items.map(toPublicReview));
    // Over everything the answer carries, so a changed total or next cursor is a new tag too.
    const hash = createHash('sha256')
      .update(`${total}\n${page.next ?? ''}\n`)
      .update(body)
      .digest('base64url');
    return { body, bytes: Buffer.from(body), etag: `"${hash}"`, total, ...(page.next ? { next: page.next } : {}) };
  }
}
