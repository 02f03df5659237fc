import type { Collection, Where } from '../ports/store';

/** A document that waits for its processing: `pending` until it is `done` or `failed`. */
type Processed = { id: string; processing?: string };

/** The trigger's condition of a kind whose documents wait as `processing: 'pending'`. */
export const whilePending = { field: 'processing', value: 'pending' } as const;

/** The ids of the documents still `processing: 'pending'`, at most 1000, in `orderBy` order. */
export async function pendingIds<T extends Processed>(collection: Collection<T>, orderBy: keyof T & string): Promise<string[]> {
  const where = { processing: 'pending' } as Where<T>;
  return (await collection.find({ where, orderBy, direction: 'asc', limit: 1000 })).items.map((item) => item.id);
}
