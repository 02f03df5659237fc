import type { LiveCollection } from '@site/domain';

/**
 * Query keys of the admin area. Every list is keyed by its collection name, so a live change
 * event (`{collection}`) names the query to refresh. The 3D Models tab should key its list
 * under `adminKeys.list('models_3d')` to be refreshed the same way.
 */
export const adminKeys = {
  all: ['admin'] as const,
  list: (collection: LiveCollection) => ['admin', collection] as const,
  visitsByDay: ['admin', 'visits-by-day'] as const,
  /** GET /api/messages/status; refreshed whenever a lead's list changes, as a send's outcome does. */
  deliveryStatus: ['admin', 'delivery-status'] as const,
};

/** The public approved-reviews list (GET /api/reviews) that approving must refresh too. */
export const publicReviewsKey = ['reviews'] as const;
