import type { JobDeps } from './deps';
import { pendingIds, whilePending } from './pending';
import type { JobKind } from './runner';

/**
 * Customers' photos: each waits `pending` after its upload's answer until its upright,
 * metadata-free copies are made and its original (with its GPS position) is deleted
 * (Attachments.process). In the embedded server, one at a time: a 12-megapixel photo takes
 * about a second and 150 MB, and the server keeps answering uploads and pages meanwhile. On
 * Firebase the `processAttachment` trigger runs it once the upload is recorded: about a second
 * and 150 MB for a 12-megapixel photo; a retry finds the photo still pending, and the
 * trigger's own write (done or failed) leaves it alone.
 */
export const attachmentJobs = {
  name: 'attachments',
  concurrency: 1,
  // A store or disk failure; a photo that cannot be decoded is marked failed, not retried.
  retry: { attempts: 3, firstDelayMs: 30_000, maxDelayMs: 5 * 60_000 },
  cloud: {
    function: 'processAttachment',
    document: 'lead_attachments/{id}',
    when: whilePending,
    memory: '1GiB',
    cpu: 1,
    timeoutSeconds: 120,
    maxInstances: 5,
  },
  work: ({ store, attachments }) => ({
    pending: () => pendingIds(store.attachments, 'createdAt'),
    run: (id) => attachments.process(id),
  }),
} satisfies JobKind<'attachments', JobDeps>;
