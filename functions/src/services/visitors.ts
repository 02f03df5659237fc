import type { Visitor, VisitorDay } from '@site/domain';
import { newId } from '../ids';
import type { Clock } from '../ports/clock';
import type { Collection, Store } from '../ports/store';
import { lastDays } from './days';
import { UniqueVisitors } from './unique-visitors';

/** The site's visits: each page a person opens, the admin's list and the daily chart. */
export class Visitors {
  /** Every visit, for the admin's list. */
  readonly list: Pick<Collection<Visitor>, 'find' | 'count'>;
  private readonly uniques: UniqueVisitors;

  constructor(private readonly deps: { store: Store; clock: Clock }) {
    this.list = deps.store.visitors;
    this.uniques = new UniqueVisitors(deps.store, deps.clock);
  }

  /** A person's visit to `page` (crawlers and the business's admins are left out by the caller). */
  async record(page: string, ipAddress: string | undefined, userAgent: string | undefined): Promise<void> {
    const visit: Visitor = {
      id: newId(),
      page,
      ...(userAgent ? { userAgent } : {}),
      ...(ipAddress ? { ipAddress } : {}),
      visitedAt: this.deps.clock.now().toISOString(),
      visitorKey: await this.uniques.record(ipAddress ?? '', userAgent ?? ''),
    };
    await this.deps.store.visitors.insert(visit);
  }

  /** Visits and unique visitors per day for a chart: two count queries per day, so it stays cheap with many visits. */
  async daily(days: number, timeZone: string): Promise<VisitorDay[]> {
    const windows = lastDays(this.deps.clock.now(), days, timeZone);
    const [counts, unique] = await Promise.all([
      Promise.all(
        windows.map((w) =>
          this.deps.store.visitors.count(undefined, { field: 'visitedAt', from: w.from.toISOString(), to: w.to.toISOString() }),
        ),
      ),
      Promise.all(windows.map((w) => this.uniques.unique(w.from, w.to))),
    ]);
    return windows.map((w, i) => ({ day: w.day, count: counts[i], unique: unique[i] }));
  }
}
