/**
 * Deleting a lead from the dashboard takes everything that belongs to it, on SQLite and on the
 * Firestore adapter (Google's emulator): its messages, queued or sent, its review request (its
 * link then answers "This link is not valid" and makes no review), its files and its history.
 * Nothing is sent about it afterwards, also not the review request's reminder.
 */
import type { ApiError, Inquiry, QuoteRequest, ReviewInviteView } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/ports/store';
import { idOf, samplePdf, storedFiles, upload } from './attachments-support';
import { goodInquiry, goodQuote, startTestApp, type Client, type TestApp } from './harness';

const firestoreStore = () => emulatorStore('lead-deletion');

describeDeletion('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describeDeletion('Firestore', firestoreStore);
});

const day = 24 * 60 * 60 * 1000;
const review = { customerName: 'Ava N.', rating: 5, reviewText: 'A beautiful kitchen, finished on time and tidy.' };

function describeDeletion(name: string, makeStore: (() => Store) | undefined) {
  describe(`Deleting a lead from the dashboard on ${name}`, () => {
    let t: TestApp;
    let staff: Client;
    beforeAll(async () => {
      t = await startTestApp({}, makeStore);
      staff = await t.adminClient();
    });
    afterAll(() => t.close());

    /** A won inquiry with a plan attached, whose customer was sent a review request: its link's token. */
    async function wonWithReviewRequest(email: string) {
      const plan = await upload(t.client(), samplePdf(), 'application/pdf', 'plan.pdf');
      expect(plan.status, plan.text).toBe(201);
      const sent = await t.client().post<Inquiry>('/api/project-inquiry', {
        ...goodInquiry,
        email,
        attachments: [{ url: plan.body.url, name: 'plan.pdf' }],
      });
      expect(sent.status, sent.text).toBe(201);
      await t.app.context.jobs.idle();
      expect((await staff.patch(`/api/project-inquiry/${sent.body.id}`, { status: 'won' })).status).toBe(200);
      expect((await staff.post(`/api/leads/inquiry/${sent.body.id}/review-request`)).status).toBe(201);
      const request = (await t.app.store.personal.messagesAbout([sent.body.id])).find((m) => m.id === `${sent.body.id}-review`);
      const token = decodeURIComponent(/\/reviews\/write\?t=(\S+)/.exec(request?.text ?? '')?.[1] ?? '');
      expect(token).not.toBe('');
      return { lead: sent.body, token, fileId: idOf(plan.body.url) };
    }

    it('deletes the lead with its queued messages, review request, files and history', async () => {
      const store = t.app.store;
      const { lead, token, fileId } = await wonWithReviewRequest('deleted-lead@example.com');
      expect((await store.personal.messagesAbout([lead.id])).length).toBeGreaterThan(1);
      expect((await t.client().get<ReviewInviteView>(`/api/review-invites/${encodeURIComponent(token)}`)).status).toBe(200);
      expect(storedFiles(t).some((file) => file.startsWith(fileId))).toBe(true);

      const deleted = await staff.delete(`/api/project-inquiry/${lead.id}`);
      expect(deleted.status, deleted.text).toBe(204);

      expect(await store.inquiries.get(lead.id)).toBeNull();
      expect(await store.personal.messagesAbout([lead.id])).toEqual([]);
      expect(await store.messages.forLeads([lead.id])).toEqual(new Map());
      expect(await store.reviewInvites.findOne({ leadId: lead.id })).toBeNull();
      expect(await store.attachments.get(fileId)).toBeNull();
      expect(storedFiles(t).filter((file) => file.startsWith(fileId))).toEqual([]);
      // The lead and its history are gone from the dashboard's list and search.
      const list = await staff.get<Inquiry[]>('/api/project-inquiries?q=deleted-lead%40example.com');
      expect(list.body).toEqual([]);
    });

    it('answers the deleted lead’s review link with "This link is not valid" and stores no review', async () => {
      const store = t.app.store;
      const { lead, token } = await wonWithReviewRequest('deleted-review@example.com');
      expect((await staff.delete(`/api/project-inquiry/${lead.id}`)).status).toBe(204);

      const view = await t.client().get<ApiError>(`/api/review-invites/${encodeURIComponent(token)}`);
      expect(view.status).toBe(404);
      expect(view.body.message).toBe('This link is not valid');
      const reviewsBefore = await store.reviews.count();
      const sent = await t.client().post<ApiError>('/api/review', { ...review, invite: token });
      expect(sent.status).toBe(404);
      expect(sent.body.message).toBe('This link is not valid');
      expect(await store.reviews.count()).toBe(reviewsBefore);
    });

    it('sends nothing about a deleted lead afterwards: not the review request’s reminder', async () => {
      const store = t.app.store;
      const { lead } = await wonWithReviewRequest('deleted-reminder@example.com');
      expect((await staff.delete(`/api/project-inquiry/${lead.id}`)).status).toBe(204);
      // A week later the reminders run: the deleted lead's customer is not among them.
      t.clock.advance(8 * day);
      staff = await t.adminClient();
      await t.app.context.reviewRequests.sendDueReminders();
      expect(await store.personal.messagesAbout([lead.id])).toEqual([]);
      expect(await store.personal.messagesTo(['deleted-reminder@example.com'])).toEqual([]);
    });

    it('deletes a quote request with its messages and files', async () => {
      const store = t.app.store;
      const photo = await upload(t.client(), samplePdf(), 'application/pdf', 'wall.pdf');
      const sent = await t.client().post<QuoteRequest>('/api/quote-request', {
        ...goodQuote,
        email: 'deleted-quote@example.com',
        attachments: [{ url: photo.body.url, name: 'wall.pdf' }],
      });
      expect(sent.status, sent.text).toBe(201);
      expect((await store.personal.messagesAbout([sent.body.id])).length).toBeGreaterThan(0);

      expect((await staff.delete(`/api/quote-request/${sent.body.id}`)).status).toBe(204);
      expect(await store.quotes.get(sent.body.id)).toBeNull();
      expect(await store.personal.messagesAbout([sent.body.id])).toEqual([]);
      expect(await store.attachments.get(idOf(photo.body.url))).toBeNull();
      // A second delete finds nothing.
      const again = await staff.delete<ApiError>(`/api/quote-request/${sent.body.id}`);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('Quote request not found');
    });
  });
}
