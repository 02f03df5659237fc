import type { Review } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorProject } from '@site/test-support/stores';
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeStoreContract } from '#functions-test/store.contract.ts';
import { ConflictError, NotFoundError } from '#functions/ports/errors.ts';
import { decodeCursor, encodeCursor, type Store } from '#functions/ports/store.ts';

interface Harness {
  projectId: string;
  db: Firestore;
  store: Store;
}

/** A store on an empty database: every store gets a project of its own, deleted on close. */
async function open(): Promise<Harness> {
  const { projectId, db, store } = emulatorProject('store-test');
  return { projectId, db, store: store() };
}

describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore adapter'), () => {
  describeStoreContract('Firestore', async () => (await open()).store);
  describeFirestoreSpecifics(open);
});

/** Behaviour beyond the shared contract that this adapter promises. */
function describeFirestoreSpecifics(make: () => Promise<Harness>) {
  describe('Firestore adapter specifics', () => {
    let db: Firestore;
    let store: Store;
    beforeEach(async () => {
      ({ db, store } = await make());
    });
    afterEach(async () => {
      await store.close();
    });

    const review = (id: string, createdAt: string, extra: Partial<Review> = {}): Review => ({
      id,
      customerName: 'Ava',
      rating: 5,
      reviewText: 'A lovely new kitchen, thank you',
      approved: false,
      verified: false,
      createdAt,
      ...extra,
    });

    it('stores the record without its id, without absent fields, with native types', async () => {
      await store.reviews.insert(review('r1', '2025-01-01T00:00:00.000Z'));
      await store.inquiries.insert({
        id: 'i1',
        rooms: ['kitchen', 'study'],
        budget: '5000-15000',
        timeline: 'asap',
        firstName: 'Ava',
        lastName: 'Nguyen',
        email: 'ava@example.com',
        phone: '0400 000 000',
        status: 'new',
        history: [],
        updatedAt: '2025-01-05T10:00:00.000Z',
        createdAt: '2025-01-05T10:00:00.000Z',
      });
      const raw = (await db.collection('reviews').doc('r1').get()).data();
      expect(raw).toEqual({
        customerName: 'Ava',
        rating: 5,
        reviewText: 'A lovely new kitchen, thank you',
        approved: false,
        createdAt: '2025-01-01T00:00:00.000Z',
        verified: false,
      });
      expect((await db.collection('project_inquiries').doc('i1').get()).get('rooms')).toEqual(['kitchen', 'study']);
    });

    it('reads a lead stored before statuses existed as new with no history and Direct, and stores search tokens beside new ones', async () => {
      const old = {
        rooms: ['kitchen'],
        budget: '5000-15000',
        timeline: 'asap',
        firstName: 'Ava',
        lastName: 'Nguyen',
        email: 'ava@example.com',
        phone: '0400 000 000',
        createdAt: '2024-01-01T00:00:00.000Z',
      };
      await db.collection('project_inquiries').doc('old1').set(old);
      expect(await store.inquiries.get('old1')).toEqual({
        id: 'old1',
        ...old,
        status: 'new',
        history: [],
        updatedAt: old.createdAt,
        channel: 'Direct',
      });
      const updated = await store.inquiries.transform('old1', (current) => ({
        status: 'contacted',
        history: [...current.history, { at: '2025-01-01T00:00:00.000Z', by: 'staff', status: 'contacted' }],
      }));
      expect(updated).toMatchObject({ id: 'old1', status: 'contacted', history: [{ by: 'staff', status: 'contacted' }] });

      await store.quotes.insert({
        id: 'q1',
        firstName: 'Noah',
        lastName: 'Lee',
        email: 'noah@example.com',
        suburb: 'Box Hill',
        room: 'Kitchen',
        status: 'new',
        history: [],
        updatedAt: '2025-01-01T00:00:00.000Z',
        createdAt: '2025-01-01T00:00:00.000Z',
      });
      const tokens = (await db.collection('quote_requests').doc('q1').get()).get('searchTokens') as string[];
      expect(tokens).toEqual(
        expect.arrayContaining(['n', 'noah', 'noah lee', 'box', 'box hill', 'hill', 'noah@example.com', 'example.com']),
      );
      expect(tokens.every((token) => token.length <= 30 && token === token.toLowerCase())).toBe(true);
    });

    it('refuses an id that exists, with or without unique fields', async () => {
      await store.reviews.insert(review('r1', '2025-01-01T00:00:00.000Z'));
      await expect(store.reviews.insert(review('r1', '2025-01-02T00:00:00.000Z'))).rejects.toBeInstanceOf(ConflictError);
      const user = { id: 'u1', username: 'admin', password: 'x', createdAt: '2025-01-01T00:00:00.000Z', recoveryCodes: [], passkeys: [] };
      await store.users.insert(user);
      await expect(store.users.insert({ ...user, username: 'other' })).rejects.toBeInstanceOf(ConflictError);
      expect(await store.reviews.get('r1')).toEqual(review('r1', '2025-01-01T00:00:00.000Z'));
      expect(await store.users.count()).toBe(1);
    });

    it('keeps stored object keys and urls unique', async () => {
      const object = {
        id: 'o1',
        key: 'models/a.glb',
        url: '/objects/models/a.glb',
        kind: 'model' as const,
        contentType: 'model/gltf-binary',
        size: 10,
        attached: false,
        createdAt: '2025-01-01T00:00:00.000Z',
      };
      await store.objects.insert(object);
      await expect(store.objects.insert({ ...object, id: 'o2', url: '/elsewhere' })).rejects.toBeInstanceOf(ConflictError);
      await expect(store.objects.insert({ ...object, id: 'o3', key: 'models/b.glb' })).rejects.toBeInstanceOf(ConflictError);
      await store.objects.insert({ ...object, id: 'o4', key: 'models/b.glb', url: '/objects/models/b.glb' });
      expect(await store.objects.count()).toBe(2);
      expect(await store.objects.count({ attached: false })).toBe(2);
    });

    it('makes cursors in the shared format and accepts ones made elsewhere', async () => {
      for (const id of ['a', 'b', 'c']) await store.reviews.insert(review(id, `2025-01-0${id.charCodeAt(0) - 96}T00:00:00.000Z`));
      const first = await store.reviews.find({ orderBy: 'createdAt', direction: 'desc', limit: 1 });
      expect(first.items.map((r) => r.id)).toEqual(['c']);
      expect(decodeCursor(first.next ?? '')).toEqual({ v: '2025-01-03T00:00:00.000Z', id: 'c' });
      const after = encodeCursor({ v: '2025-01-02T00:00:00.000Z', id: 'b' });
      const rest = await store.reviews.find({ orderBy: 'createdAt', direction: 'desc', limit: 5, after });
      expect(rest.items.map((r) => r.id)).toEqual(['a']);
      expect(rest.next).toBeUndefined();
    });

    it('pages an equality filter ascending, with a range on the order field', async () => {
      for (let i = 0; i < 7; i++) {
        await store.objects.insert({
          id: `o${i}`,
          key: `k${i}`,
          url: `/u${i}`,
          kind: 'thumbnail',
          contentType: 'image/png',
          size: 1,
          attached: i % 3 === 0,
          createdAt: `2025-01-0${i + 1}T00:00:00.000Z`,
        });
      }
      const query = {
        where: { attached: false },
        orderBy: 'createdAt',
        direction: 'asc',
        limit: 2,
        lessThan: '2025-01-07T00:00:00.000Z',
      } as const;
      const first = await store.objects.find(query);
      const second = await store.objects.find({ ...query, after: first.next });
      expect([...first.items, ...second.items].map((o) => o.id)).toEqual(['o1', 'o2', 'o4', 'o5']);
      expect(second.next).toBeUndefined();
    });

    it('treats ids that are not plain document ids as missing', async () => {
      for (const id of ['', 'a/b', 'reviews/x/y', '__x__', '..']) {
        expect(await store.reviews.get(id)).toBeNull();
        expect(await store.reviews.delete(id)).toBe(false);
        expect(await store.reviews.update(id, { approved: true })).toBeNull();
        expect(await store.reviews.updateIf(id, { approved: false }, { approved: true })).toBe(false);
      }
      await expect(store.reviews.updateMany([{ id: 'a/b', patch: { approved: true } }])).rejects.toBeInstanceOf(NotFoundError);
    });

    it('finds by id and merges several patches for one id in updateMany', async () => {
      await store.reviews.insert(review('r1', '2025-01-01T00:00:00.000Z'));
      expect((await store.reviews.findOne({ id: 'r1' }))?.id).toBe('r1');
      expect(await store.reviews.count({ id: 'r1', approved: true })).toBe(0);
      await store.reviews.updateMany([
        { id: 'r1', patch: { approved: true } },
        { id: 'r1', patch: { rating: 2 } },
      ]);
      expect(await store.reviews.get('r1')).toEqual(review('r1', '2025-01-01T00:00:00.000Z', { approved: true, rating: 2 }));
    });

    it('deletes more than one batch of documents', async () => {
      const ids = Array.from({ length: 520 }, (_, i) => `v${String(i).padStart(3, '0')}`);
      for (const chunk of [ids.slice(0, 500), ids.slice(500)]) {
        const batch = db.batch();
        for (const id of chunk)
          batch.create(db.collection('visitor_tracking').doc(id), { page: '/', visitedAt: '2025-01-01T00:00:00.000Z' });
        await batch.commit();
      }
      expect(await store.visitors.count()).toBe(520);
      await store.visitors.deleteMany([...ids.slice(0, 510), 'missing', 'v000']);
      expect(await store.visitors.count()).toBe(10);
    });

    it('removes an optional field patched to undefined', async () => {
      await store.visitors.insert({ id: 'v1', page: '/', userAgent: 'Firefox', visitedAt: '2025-01-01T00:00:00.000Z' });
      const updated = await store.visitors.update('v1', { userAgent: undefined });
      expect(updated).not.toHaveProperty('userAgent');
      expect(await store.visitors.get('v1')).not.toHaveProperty('userAgent');
      expect((await db.collection('visitor_tracking').doc('v1').get()).data()).not.toHaveProperty('userAgent');
    });

    describe("private fields (a review's email) live in reviews_private, never in the public document", () => {
      const raw = async (path: string) => (await db.doc(path).get()).data();

      it('stores the email apart and reads it back through get, findOne and find', async () => {
        const withEmail = review('r1', '2025-01-01T00:00:00.000Z', { email: 'ava@example.com', approved: true });
        expect(await store.reviews.insert(withEmail)).toEqual(withEmail);
        expect(await raw('reviews/r1')).toEqual({
          customerName: 'Ava',
          rating: 5,
          reviewText: 'A lovely new kitchen, thank you',
          approved: true,
          createdAt: '2025-01-01T00:00:00.000Z',
          // Public: the site labels a verified customer's review.
          verified: false,
        });
        expect(await raw('reviews_private/r1')).toEqual({ email: 'ava@example.com' });
        // A refused second insert of the id leaves the private part alone too.
        await expect(store.reviews.insert({ ...withEmail, email: 'other@example.com' })).rejects.toBeInstanceOf(ConflictError);
        expect(await raw('reviews_private/r1')).toEqual({ email: 'ava@example.com' });

        expect(await store.reviews.get('r1')).toEqual(withEmail);
        expect(await store.reviews.findOne({ approved: true })).toEqual(withEmail);
        expect(await store.reviews.findOne({ id: 'r1', approved: true })).toEqual(withEmail);
        await store.reviews.insert(review('r2', '2025-01-02T00:00:00.000Z', { approved: true }));
        await store.reviews.insert(review('r3', '2025-01-03T00:00:00.000Z', { email: 'noah@example.com', approved: true }));
        const page = await store.reviews.find({ where: { approved: true }, orderBy: 'createdAt', direction: 'desc', limit: 10 });
        expect(page.items).toEqual([
          review('r3', '2025-01-03T00:00:00.000Z', { email: 'noah@example.com', approved: true }),
          review('r2', '2025-01-02T00:00:00.000Z', { approved: true }),
          withEmail,
        ]);
        expect(page.items[1]).not.toHaveProperty('email');
      });

      it('writes no private document for a review without an email', async () => {
        await store.reviews.insert(review('r1', '2025-01-01T00:00:00.000Z'));
        expect((await db.doc('reviews_private/r1').get()).exists).toBe(false);
        expect(await store.reviews.get('r1')).not.toHaveProperty('email');
        expect(await store.reviews.update('r1', { approved: true })).toEqual(review('r1', '2025-01-01T00:00:00.000Z', { approved: true }));
        expect((await db.doc('reviews_private/r1').get()).exists).toBe(false);
      });

      it('fetches the private documents of a page in one read, and none for other collections', async () => {
        for (let i = 1; i <= 4; i++) {
          await store.reviews.insert(review(`r${i}`, `2025-01-0${i}T00:00:00.000Z`, i % 2 ? { email: `r${i}@example.com` } : {}));
          await store.visitors.insert({ id: `v${i}`, page: '/', visitedAt: `2025-01-0${i}T00:00:00.000Z` });
        }
        const getAll = vi.spyOn(db, 'getAll');
        try {
          const page = await store.reviews.find({ orderBy: 'createdAt', direction: 'asc', limit: 3 });
          expect(page.items.map((r) => r.email)).toEqual(['r1@example.com', undefined, 'r3@example.com']);
          expect(getAll).toHaveBeenCalledTimes(1);
          expect(getAll.mock.calls[0].map((ref) => ('path' in ref ? ref.path : ref))).toEqual([
            'reviews_private/r1',
            'reviews_private/r2',
            'reviews_private/r3',
          ]);
          getAll.mockClear();
          expect((await store.visitors.find({ orderBy: 'visitedAt', direction: 'asc', limit: 3 })).items).toHaveLength(3);
          expect((await store.reviews.find({ where: { rating: 1 }, orderBy: 'createdAt', direction: 'asc', limit: 3 })).items).toEqual([]);
          expect(getAll).not.toHaveBeenCalled();
        } finally {
          getAll.mockRestore();
        }
      });

      it('moves the email with update, updateIf and updateMany', async () => {
        await store.reviews.insert(review('r1', '2025-01-01T00:00:00.000Z', { email: 'old@example.com' }));
        expect(await store.reviews.update('r1', { email: 'new@example.com' })).toEqual(
          review('r1', '2025-01-01T00:00:00.000Z', { email: 'new@example.com' }),
        );
        expect(await raw('reviews_private/r1')).toEqual({ email: 'new@example.com' });
        expect(await raw('reviews/r1')).not.toHaveProperty('email');
        // A patch of public fields only keeps the email, in the answer and in storage.
        expect(await store.reviews.update('r1', { approved: true })).toEqual(
          review('r1', '2025-01-01T00:00:00.000Z', { email: 'new@example.com', approved: true }),
        );
        expect(await raw('reviews_private/r1')).toEqual({ email: 'new@example.com' });

        expect(await store.reviews.updateIf('r1', { approved: true }, { email: 'cas@example.com', rating: 3 })).toBe(true);
        expect(await store.reviews.updateIf('r1', { approved: false }, { email: 'lost@example.com' })).toBe(false);
        expect(await raw('reviews_private/r1')).toEqual({ email: 'cas@example.com' });
        expect(await raw('reviews/r1')).toMatchObject({ rating: 3 });

        await store.reviews.insert(review('r2', '2025-01-02T00:00:00.000Z'));
        await store.reviews.updateMany([
          { id: 'r1', patch: { rating: 4 } },
          { id: 'r2', patch: { email: 'later@example.com' } },
        ]);
        expect(await store.reviews.get('r1')).toEqual(
          review('r1', '2025-01-01T00:00:00.000Z', { email: 'cas@example.com', approved: true, rating: 4 }),
        );
        expect(await store.reviews.get('r2')).toEqual(review('r2', '2025-01-02T00:00:00.000Z', { email: 'later@example.com' }));
        expect(await raw('reviews/r2')).not.toHaveProperty('email');

        // Removing the email removes the private document (no field delete needed).
        expect(await store.reviews.update('r2', { email: undefined })).toEqual(review('r2', '2025-01-02T00:00:00.000Z'));
        expect((await db.doc('reviews_private/r2').get()).exists).toBe(false);
        expect(await store.reviews.get('r2')).not.toHaveProperty('email');
      });

      it('deletes the private document with the review, also in deleteMany', async () => {
        for (const id of ['r1', 'r2', 'r3'])
          await store.reviews.insert(review(id, '2025-01-01T00:00:00.000Z', { email: `${id}@example.com` }));
        expect(await store.reviews.delete('r1')).toBe(true);
        expect((await db.doc('reviews/r1').get()).exists).toBe(false);
        expect((await db.doc('reviews_private/r1').get()).exists).toBe(false);
        expect(await store.reviews.delete('r1')).toBe(false);
        await store.reviews.deleteMany(['r2', 'r3', 'missing']);
        expect((await db.collection('reviews').get()).size).toBe(0);
        expect((await db.collection('reviews_private').get()).size).toBe(0);
      });

      it('refuses to filter, order or compare on a private field', async () => {
        await store.reviews.insert(review('r1', '2025-01-01T00:00:00.000Z', { email: 'ava@example.com' }));
        const privateField = /reviews\.email is private/;
        await expect(store.reviews.findOne({ email: 'ava@example.com' })).rejects.toThrow(privateField);
        await expect(store.reviews.findOne({ id: 'r1', email: 'ava@example.com' })).rejects.toThrow(privateField);
        await expect(store.reviews.count({ email: 'ava@example.com' })).rejects.toThrow(privateField);
        await expect(
          store.reviews.find({ where: { email: 'ava@example.com' }, orderBy: 'createdAt', direction: 'asc', limit: 1 }),
        ).rejects.toThrow(privateField);
        await expect(store.reviews.find({ orderBy: 'email', direction: 'asc', limit: 1 })).rejects.toThrow(privateField);
        await expect(store.reviews.updateIf('r1', { email: 'ava@example.com' }, { approved: true })).rejects.toThrow(privateField);
        expect((await store.reviews.get('r1'))?.approved).toBe(false);
      });
    });
  });
}
