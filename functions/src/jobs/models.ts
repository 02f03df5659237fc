import type { JobDeps } from './deps';
import { pendingIds, whilePending } from './pending';
import type { JobKind } from './runner';

/**
 * Showroom models: each waits `pending`, showing its upload, after it is saved with a new
 * file until its optimised files are made (ModelProcessing.process). One at a time: a
 * designer's 60 MB file takes up to a minute and about 1.5 GB (npm run bench:models), in a
 * worker thread so the embedded server keeps answering. On Firebase the `optimizeModel`
 * trigger runs it, since the `api` function cannot work after its answer; 4 GiB leave room
 * for a larger file. A retry after a crash finds the model still pending; one that is done or
 * failed is left alone, so the trigger's own write does not run it again.
 */
export const modelJobs = {
  name: 'models',
  concurrency: 1,
  // A store or disk failure; a file that cannot be optimised is marked failed, not retried.
  retry: { attempts: 3, firstDelayMs: 60_000, maxDelayMs: 10 * 60_000 },
  cloud: {
    function: 'optimizeModel',
    document: 'models_3d/{id}',
    when: whilePending,
    memory: '4GiB',
    cpu: 2,
    timeoutSeconds: 540,
    maxInstances: 2,
  },
  work: ({ store, models }) => ({
    pending: () => pendingIds(store.models, 'displayOrder'),
    run: (id) => models.process(id),
  }),
} satisfies JobKind<'models', JobDeps>;
