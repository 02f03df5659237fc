import type { Sessions } from '../auth/sessions';
import type { RateLimiter } from '../http/rate-limit';
import type { ChangeFeed } from '../ports/change-feed';
import type { Clock } from '../ports/clock';
import type { Notifier } from '../ports/notifier';
import type { ObjectStore } from '../ports/object-store';
import type { Store } from '../ports/store';
import type { Uploads } from '../services/uploads';

/** What every route module receives. Built once by createApp. */
export interface RouteContext {
  store: Store;
  objects: ObjectStore;
  feed: ChangeFeed;
  clock: Clock;
  notifier: Notifier;
  sessions: Sessions;
  uploads: Uploads;
  limiters: {
    forms: RateLimiter;
    visits: RateLimiter;
    loginPerAccount: RateLimiter;
    loginPerIp: RateLimiter;
  };
  heartbeatMs: number;
  log: (message: string, error?: unknown) => void;
}
