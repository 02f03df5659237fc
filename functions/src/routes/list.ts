import type { Request, Response } from 'express';
import { listQuery } from '../http/validate';
import type { MessageStore } from '../ports/messages';
import type { Collection, Where } from '../ports/store';

/** Answers a list route: a page of items as the body, the total and next cursor in headers. */
export async function sendList<T extends { id: string }, R = T>(
  req: Request,
  res: Response,
  collection: Pick<Collection<T>, 'find' | 'count'>,
  options: {
    orderBy: keyof T & string;
    direction: 'asc' | 'desc';
    where?: Where<T>;
    /** A search term (ports/search.ts); only for searchable collections. */
    search?: string;
    /** Only items whose `orderBy` field, a text field, sorts below this; items without it are left out. */
    before?: string;
    /** Turns each page's items into what is sent (public shapes, names looked up for the page). */
    map?: (items: T[]) => R[] | Promise<R[]>;
    /** Adds each item's emails and SMS as `messages` (leads on the admin dashboard). */
    withMessages?: Pick<MessageStore, 'forLeads'>;
  },
) {
  const { limit, cursor } = listQuery(req);
  const [page, total] = await Promise.all([
    collection.find({
      where: options.where,
      search: options.search,
      orderBy: options.orderBy,
      direction: options.direction,
      limit,
      after: cursor,
      lessThan: options.before,
    }),
    collection.count(
      options.where,
      options.before === undefined ? undefined : { field: options.orderBy, from: '', to: options.before },
      options.search,
    ),
  ]);
  res.set('X-Total-Count', String(total));
  if (page.next) res.set('X-Next-Cursor', page.next);
  const items = options.map ? await options.map(page.items) : page.items;
  if (!options.withMessages) {
    res.json(items);
    return;
  }
  const messages = await options.withMessages.forLeads(page.items.map((item) => item.id));
  res.json(page.items.map((item, i) => ({ ...items[i], messages: messages.get(item.id) ?? [] })));
}
