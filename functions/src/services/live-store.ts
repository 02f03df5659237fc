import type { LiveCollection } from '@site/domain';
import type { BookingSlotStore } from '../ports/bookings';
import type { ChangeFeed } from '../ports/change-feed';
import type { LeadKind, MessageStore } from '../ports/messages';
import type { Collection, Store } from '../ports/store';

/** The dashboard list each kind of lead appears in. */
export const leadCollections: Record<LeadKind, LiveCollection> = {
  inquiry: 'project_inquiries',
  quote: 'quote_requests',
  review: 'reviews',
};

/**
 * Wraps the collections the admin dashboard watches so that every write, whoever makes it,
 * is published on the change feed after it is stored.
 */
export function withChangeFeed(store: Store, feed: ChangeFeed): Store {
  const live = <T extends { id: string }>(collection: Collection<T>, name: LiveCollection): Collection<T> => ({
    insert: async (doc) => {
      const stored = await collection.insert(doc);
      feed.publish({ collection: name, op: 'create', id: doc.id });
      return stored;
    },
    get: (id) => collection.get(id),
    findOne: (where) => collection.findOne(where),
    find: (query) => collection.find(query),
    count: (where, range, search) => collection.count(where, range, search),
    update: async (id, patch) => {
      const updated = await collection.update(id, patch);
      if (updated) feed.publish({ collection: name, op: 'update', id });
      return updated;
    },
    transform: async (id, change) => {
      let changed = false;
      const result = await collection.transform(id, (current) => {
        const patch = change(current);
        changed = patch !== null;
        return patch;
      });
      if (result && changed) feed.publish({ collection: name, op: 'update', id });
      return result;
    },
    updateIf: async (id, expected, patch) => {
      const done = await collection.updateIf(id, expected, patch);
      if (done) feed.publish({ collection: name, op: 'update', id });
      return done;
    },
    updateMany: async (updates) => {
      await collection.updateMany(updates);
      for (const { id } of updates) feed.publish({ collection: name, op: 'update', id });
    },
    delete: async (id) => {
      const deleted = await collection.delete(id);
      if (deleted) feed.publish({ collection: name, op: 'delete', id });
      return deleted;
    },
    deleteMany: async (ids) => {
      await collection.deleteMany(ids);
      for (const id of ids) feed.publish({ collection: name, op: 'delete', id });
    },
  });
  const messages: MessageStore = {
    keepsLayouts: store.messages.keepsLayouts,
    insertLead: async (lead, queued, now) => {
      await store.messages.insertLead(lead, queued, now);
      feed.publish({ collection: leadCollections[lead.kind], op: 'create', id: lead.record.id });
    },
    addToLead: (lead, queued, now) => store.messages.addToLead(lead, queued, now),
    // A reminded lead's card shows its reminder at once.
    remindLead: async (kind, leadId, queued, now) => {
      const reminded = await store.messages.remindLead(kind, leadId, queued, now);
      if (reminded) feed.publish({ collection: leadCollections[kind], op: 'update', id: leadId });
      return reminded;
    },
    queueNotice: (noticeId, queued, now) => store.messages.queueNotice(noticeId, queued, now),
    forLeads: (ids) => store.messages.forLeads(ids),
    retry: (id, now) => store.messages.retry(id, now),
    status: () => store.messages.status(),
    customerMessagesSince: (channel, recipient, since) => store.messages.customerMessagesSince(channel, recipient, since),
  };
  // Bookings and blocks are written through the slot store alone: each write is published once stored.
  const slots = store.bookingSlots;
  const bookingSlots: BookingSlotStore = {
    book: async (booking, limit) => {
      await slots.book(booking, limit);
      feed.publish({ collection: 'bookings', op: 'create', id: booking.id });
    },
    move: async (id, patch) => {
      const moved = await slots.move(id, patch);
      if (moved) feed.publish({ collection: 'bookings', op: 'update', id });
      return moved;
    },
    cancel: async (id, patch) => {
      const cancelled = await slots.cancel(id, patch);
      if (cancelled) feed.publish({ collection: 'bookings', op: 'update', id });
      return cancelled;
    },
    remove: async (id) => {
      const removed = await slots.remove(id);
      if (removed) feed.publish({ collection: 'bookings', op: 'delete', id });
      return removed;
    },
    block: async (block) => {
      await slots.block(block);
      feed.publish({ collection: 'booking_blocks', op: 'create', id: block.id });
    },
    unblock: async (id) => {
      const removed = await slots.unblock(id);
      if (removed) feed.publish({ collection: 'booking_blocks', op: 'delete', id });
      return removed;
    },
  };
  return {
    ...store,
    messages,
    bookingSlots,
    inquiries: live(store.inquiries, 'project_inquiries'),
    quotes: live(store.quotes, 'quote_requests'),
    reviews: live(store.reviews, 'reviews'),
    visitors: live(store.visitors, 'visitor_tracking'),
    models: live(store.models, 'models_3d'),
    projects: live(store.projects, 'projects'),
    close: () => store.close(),
  };
}
