import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorProject } from '@site/test-support/stores';
import { describe, expect, it } from 'vitest';
import { searchTerm } from '#functions/ports/search.ts';
import { backfillLeadProgress } from './backfill';

describe.skipIf(!firestoreEmulatorHost)(onEmulator('Backfill of lead statuses'), () => {
  it('gives leads stored before statuses a status, history and search tokens, keeps a status set meanwhile, and runs once', async () => {
    const project = emulatorProject('backfill');
    const db = project.db;
    const store = project.store();
    try {
      const contact = { firstName: 'Ava', lastName: 'Nguyen', email: 'ava@example.com', createdAt: '2024-01-01T00:00:00.000Z' };
      await db
        .doc('project_inquiries/old1')
        .set({ ...contact, rooms: ['kitchen'], budget: '5000-15000', timeline: 'asap', phone: '0412 345 678' });
      await db.doc('quote_requests/old2').set({ ...contact, suburb: 'Box Hill', room: 'Kitchen' });
      // Worked on before the backfill ran: the status it was given stays.
      await store.quotes.transform('old2', () => ({
        status: 'won',
        history: [{ at: '2024-02-01T00:00:00.000Z', by: 'staff', status: 'won' }],
      }));
      // Filters cannot see them yet.
      expect(await store.inquiries.count({ status: 'new' })).toBe(0);

      expect(await backfillLeadProgress(db)).toBe(2);
      expect(await store.inquiries.count({ status: 'new' }, undefined, searchTerm('0412') ?? '')).toBe(1);
      expect(await store.quotes.count({ status: 'won' }, undefined, searchTerm('box hill') ?? '')).toBe(1);
      expect(await store.quotes.get('old2')).toMatchObject({ status: 'won', history: [{ by: 'staff', status: 'won' }] });
      // The dashboards' listeners order leads by updatedAt: a backfilled one is in that order too.
      expect((await db.doc('project_inquiries/old1').get()).get('updatedAt')).toBe(contact.createdAt);

      await db
        .doc('project_inquiries/old3')
        .set({ ...contact, rooms: ['kitchen'], budget: '5000-15000', timeline: 'asap', phone: '0400 000 000' });
      expect(await backfillLeadProgress(db)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
