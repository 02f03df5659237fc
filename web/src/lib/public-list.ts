/** What a public list shows: its loading state, its failure (keeping any earlier data), or its data. */
export type PublicListSnapshot<T> =
  { status: 'pending'; data: undefined } | { status: 'error'; data: T | undefined } | { status: 'success'; data: T };

/** Also what the prerendered page shows, and so what hydration renders before the data. */
export const pendingSnapshot = { status: 'pending', data: undefined } as const;

/**
 * A list a public page shows (the approved reviews, the showroom's models), fetched once per
 * visit and kept, and fetched again when the admin or a visitor changes it. It is React-free,
 * so the entry script can start a fetch before React has loaded, and does the little the
 * public pages need of a query library (TanStack Query, 10 KB gzip, would be a tenth of their
 * first download; the admin area and the dialogs keep it):
 * - the list is fetched when first shown and kept while the visitor goes from page to page;
 * - a failed fetch is tried again the next time the list is shown, or by `retry()`;
 * - `refresh()` fetches a shown list again at once (keeping the old one on screen meanwhile)
 *   and a list not on screen when it is next shown.
 */
export class PublicList<T> {
  #snapshot: PublicListSnapshot<T> = pendingSnapshot;
  #listeners = new Set<() => void>();
  #fetching: Promise<void> | null = null;
  #stale = true;
  #refreshedWhileFetching = false;

  /** The data the page's HTML was rendered with, if any: what hydration renders too. */
  #seeded: PublicListSnapshot<T> = pendingSnapshot;

  constructor(private readonly fetchList: () => Promise<T>) {}

  /**
   * Starts the list with data that came with the page (rendered into its HTML by the server):
   * shown at once, by the server's render and by hydration alike, and not fetched again until
   * something changes it.
   */
  seed(data: T) {
    this.#seeded = { status: 'success', data };
    this.#stale = false;
    this.#set(this.#seeded);
  }

  /** Forgets seeded data (the server renders pages one after another with the same lists). */
  unseed() {
    this.#seeded = pendingSnapshot;
    this.#stale = true;
    this.#set(pendingSnapshot);
  }

  /** What the server rendered: the seeded data, or the loading state. */
  readonly getServerSnapshot = (): PublicListSnapshot<T> => this.#seeded;

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): PublicListSnapshot<T> => this.#snapshot;

  /** Fetches the list unless it is already in (and current) or on its way. */
  load(): Promise<void> {
    if (this.#fetching) return this.#fetching;
    if (!this.#stale) return Promise.resolve();
    return this.#fetch();
  }

  /** Fetches the list again, after a failure (a "Try again" button). */
  readonly retry = () => this.#fetching ?? this.#fetch();

  /**
   * The list has changed on the server: a shown list is fetched again now (the promise settles
   * when it is in), one not shown when it next is. During a fetch, it fetches again after it.
   */
  refresh(): Promise<void> {
    this.#stale = true;
    if (this.#fetching) {
      this.#refreshedWhileFetching = true;
      return this.#fetching;
    }
    return this.#listeners.size > 0 ? this.#fetch() : Promise.resolve();
  }

  #fetch(): Promise<void> {
    this.#stale = false;
    this.#refreshedWhileFetching = false;
    // Without data to keep on screen, the list shows its loading state again (a retry).
    if (this.#snapshot.data === undefined && this.#snapshot.status !== 'pending') this.#set(pendingSnapshot);
    this.#fetching = this.fetchList().then(
      (data) => this.#set({ status: 'success', data }),
      () => {
        this.#stale = true;
        this.#set({ status: 'error', data: this.#snapshot.data });
      },
    );
    const fetching = this.#fetching;
    void fetching.finally(() => {
      this.#fetching = null;
      // A change while the answer was on its way: that answer may predate it.
      if (this.#refreshedWhileFetching) void this.refresh();
    });
    return fetching;
  }

  #set(snapshot: PublicListSnapshot<T>) {
    this.#snapshot = snapshot;
    for (const listener of this.#listeners) listener();
  }
}
