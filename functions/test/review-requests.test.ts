/**
 * Verified reviews over real HTTP: a won lead's review request, its signed single-use link
 * (tampering, 60-day expiry, one use, also from two tabs at once), the verified review and the
 * lead's history, the one reminder after 7 days (not when reviewed or unsubscribed, never twice,
 * also across a restart), and unsubscribing (the page's POST and a mail client's one-click POST).
 */
import type { ApiError, Inquiry, LeadHistoryEntry, PublicReview, Review } from '@site/domain';
import { startSmtpServer, type TestSmtpServer } from '@site/test-support/message-peers';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { startEmbedded, type Embedded } from '../src/embedded/site';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import { admin, Client, goodInquiry, goodQuote, startTestApp, until, type TestApp } from './harness';

const day = 24 * 60 * 60 * 1000;
const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(file?: string) {
  const t = await startTestApp({}, file ? () => createSqliteStore({ file }) : undefined);
  apps.push(t);
  return t;
}

interface QueuedRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  html: string;
  status: string;
  headers: string | null;
}

/** The queue as the embedded sender reads it (no sender is configured in these apps: messages stay queued). */
function queued(file: string, id: string): QueuedRow | undefined {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT id, recipient, subject, body, html, status, headers FROM messages WHERE id = ?').get(id) as
      QueuedRow | undefined;
  } finally {
    db.close();
  }
}

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https://renovations\\.example\\.com${path}\\?t=([A-Za-z0-9_.%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
};

let n = 0;
/** An inquiry from a new address, marked won by the admin. */
async function wonInquiry(t: TestApp, staff: Client, status = 'won') {
  n++;
  const email = `customer${n}@example.com`;
  const created = await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, firstName: 'Mia', lastName: `Lee${n}`, email });
  expect(created.status).toBe(201);
  expect((await staff.patch(`/api/project-inquiry/${created.body.id}`, { status })).status).toBe(200);
  return { id: created.body.id, email, name: `Mia Lee${n}` };
}

async function requestReview(t: TestApp, staff: Client, file = join(t.dir, 'site.sqlite')) {
  const lead = await wonInquiry(t, staff);
  const res = await staff.post<Inquiry>(`/api/leads/inquiry/${lead.id}/review-request`);
  expect(res.status, res.text).toBe(201);
  const email = queued(file, `${lead.id}-review`);
  if (!email) throw new Error('the review request was not queued');
  return { ...lead, email, token: linkIn(email.body, '/reviews/write'), unsubscribe: linkIn(email.body, '/unsubscribe') };
}

const review = { customerName: 'Mia L.', rating: 5, reviewText: 'A wonderful new kitchen, on time and tidy.' };
const historyOf = async (t: TestApp, id: string): Promise<LeadHistoryEntry[]> => (await t.app.store.inquiries.get(id))?.history ?? [];

describe('review requests', () => {
  it('emails a won lead a personal link, names the business and how to reach it, and records the request', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { id, email, token, unsubscribe } = await requestReview(t, staff);
    expect(email.subject).toBe('How did we do? Review Northcote Kitchens & Bathrooms');
    expect(email.body).toMatch(/^Hi Mia,\n/);
    expect(email.body).toContain('works once, for 60 days, and has your name filled in');
    for (const part of ['Northcote Kitchens & Bathrooms', '(03) 7010 4620', 'hello@example.com', '12 Example Street, Richmond VIC 3121']) {
      expect(email.body).toContain(part);
      expect(email.html).toContain(part.replace('&', '&amp;'));
    }
    expect(email.html).toContain(`href="https://renovations.example.com/reviews/write?t=${encodeURIComponent(token)}"`);
    // The preheader is the body's first sentence, and the review link is a button Outlook renders too.
    expect(email.html).toMatch(
      /<div style="display:none;[^"]*"[^>]*>Thank you for choosing Northcote Kitchens &amp; Bathrooms for your renovation\./,
    );
    expect(email.html).toMatch(/reviews\/write\?t=[^"]+"[^>]*>.*<!--\[if mso\]>.*Write your review/);
    // RFC 8058: the mail client's own unsubscribe button POSTs to the API at once.
    expect(JSON.parse(email.headers ?? '{}')).toEqual({
      'List-Unsubscribe': `<https://renovations.example.com/api/unsubscribe?t=${encodeURIComponent(unsubscribe)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(email.body).toContain(`unsubscribe: https://renovations.example.com/unsubscribe?t=${encodeURIComponent(unsubscribe)}`);

    expect(await historyOf(t, id)).toEqual([
      expect.objectContaining({ status: 'won' }),
      expect.objectContaining({ by: admin.username, event: 'review-requested' }),
    ]);
    const audit = await staff.get<Array<{ action: string; target: string }>>('/api/audit');
    expect(audit.body[0]).toMatchObject({ action: 'review.requested', target: `inquiry:${id}` });
    // The lead's card lists the email with its other messages.
    const listed = await staff.get<Array<Inquiry & { messages: Array<{ id: string }> }>>('/api/project-inquiries');
    expect(listed.body.find((lead) => lead.id === id)?.messages.map((m) => m.id)).toContain(`${id}-review`);

    const again = await staff.post<ApiError>(`/api/leads/inquiry/${id}/review-request`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A review was already requested from this customer');
  });

  it('works for quote requests too, and refuses a lead that is not won, unknown, or asked without signing in', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const quote = await t.client().post<{ id: string }>('/api/quote-request', goodQuote);
    const early = await staff.post<ApiError>(`/api/leads/quote/${quote.body.id}/review-request`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only a won lead can be asked for a review');
    await staff.patch(`/api/quote-request/${quote.body.id}`, { status: 'won' });
    expect((await staff.post(`/api/leads/quote/${quote.body.id}/review-request`)).status).toBe(201);
    expect(queued(join(t.dir, 'site.sqlite'), `${quote.body.id}-review`)?.recipient).toBe('jack@example.com');

    expect((await staff.post<ApiError>('/api/leads/inquiry/nope/review-request')).body).toEqual({ message: 'Inquiry not found' });
    expect((await staff.post('/api/leads/review/x/review-request')).status).toBe(404);
    const lead = await wonInquiry(t, staff);
    expect((await t.client().post(`/api/leads/inquiry/${lead.id}/review-request`)).status).toBe(401);
    const crossSite = await staff.post(`/api/leads/inquiry/${lead.id}/review-request`, undefined, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await historyOf(t, lead.id)).toHaveLength(1);
  });

  it('sends one email when two admins ask at the same moment', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const lead = await wonInquiry(t, staff);
    const answers = await Promise.all([1, 2].map(() => staff.post(`/api/leads/inquiry/${lead.id}/review-request`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await historyOf(t, lead.id)).filter((entry) => entry.event === 'review-requested')).toHaveLength(1);
    expect(await t.app.store.reviewInvites.count({ leadId: lead.id })).toBe(1);
  });
});

describe('the review link', () => {
  it("fills in the customer's name, and refuses an altered, swapped or malformed token", async () => {
    const t = await start();
    const staff = await t.adminClient();
    const first = await requestReview(t, staff);
    const second = await requestReview(t, staff);
    expect((await t.client().get(`/api/review-invites/${first.token}`)).body).toEqual({ name: first.name });

    const [subject, signature] = first.token.split('.');
    const flipped = signature[5] === 'A' ? 'B' : 'A';
    const altered = `${subject}.${signature.slice(0, 5)}${flipped}${signature.slice(6)}`;
    const swapped = `${second.token.split('.')[0]}.${signature}`;
    // An unsubscribe token is signed for another purpose: it is no review link.
    for (const bad of [altered, swapped, first.unsubscribe, 'not-a-token', `${subject}.`]) {
      const res = await t.client().get<ApiError>(`/api/review-invites/${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(404);
      expect(res.body.message).toBe('This link is not valid');
      const sent = await t.client().post<ApiError>('/api/review', { ...review, invite: bad });
      expect(sent.status, bad).toBe(bad === altered || bad === swapped || bad === first.unsubscribe ? 404 : 400);
      expect(sent.body.message).toBe('This link is not valid');
    }
    expect(await t.app.store.reviews.count()).toBe(0);
  });

  it('works until 60 days after the request, and not after', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { token } = await requestReview(t, staff);
    t.clock.advance(60 * day - 60_000);
    expect((await t.client().get(`/api/review-invites/${token}`)).status).toBe(200);
    t.clock.advance(60_000);
    const expired = await t.client().get<ApiError>(`/api/review-invites/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This link has expired');
    const sent = await t.client().post<ApiError>('/api/review', { ...review, invite: token });
    expect(sent.status).toBe(410);
    expect(sent.body).toEqual({ message: 'This link has expired', errors: { invite: 'This link has expired' } });
    expect(await t.app.store.reviews.count()).toBe(0);
  });

  it('is deleted, with the name and address it holds, 30 days after it expired', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { token } = await requestReview(t, staff);
    t.clock.advance(90 * day - 60_000);
    expect(await t.app.context.reviewRequests.deleteExpired()).toBe(0);
    expect((await t.client().get<ApiError>(`/api/review-invites/${token}`)).body.message).toBe('This link has expired');
    t.clock.advance(60_000);
    expect(await t.app.context.reviewRequests.deleteExpired()).toBe(1);
    expect(await t.app.store.reviewInvites.count()).toBe(0);
    const gone = await t.client().get<ApiError>(`/api/review-invites/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This link is not valid');
  });

  it('stores a verified review linked to the lead, records it in the history, and works once', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { id, token, email } = await requestReview(t, staff);
    const sent = await t.client().post<Review>('/api/review', { ...review, invite: token });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ ...review, verified: true, approved: false });
    const stored = await t.app.store.reviews.get(sent.body.id);
    expect(stored).toMatchObject({ verified: true, leadId: `inquiry:${id}`, email: email.recipient });

    const history = await historyOf(t, id);
    expect(history.at(-1)).toMatchObject({ by: 'Mia L.', event: 'review-received' });
    // The staff alert says where the review came from.
    expect(queued(join(t.dir, 'site.sqlite'), `${sent.body.id}-1`)?.body).toContain(
      'Verified customer: Yes: sent through their own review link',
    );

    const again = await t.client().post<ApiError>('/api/review', { ...review, invite: token });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe('This link has already been used');
    expect((await t.client().get<ApiError>(`/api/review-invites/${token}`)).body.message).toBe('This link has already been used');
    expect(await t.app.store.reviews.count()).toBe(1);

    // Approved, it shows as from a verified customer; the lead stays private.
    expect((await staff.post(`/api/review/${sent.body.id}/approve`)).status).toBe(200);
    const shown = (await t.client().get<PublicReview[]>('/api/reviews')).body.find((r) => r.id === sent.body.id);
    expect(shown).toEqual({
      id: sent.body.id,
      customerName: review.customerName,
      rating: 5,
      reviewText: review.reviewText,
      createdAt: sent.body.createdAt,
      verified: true,
    });
    const all = await staff.get<Review[]>('/api/reviews/all');
    expect(all.body.find((r) => r.id === sent.body.id)).toMatchObject({ verified: true });
  });

  it('lets only one of two tabs sending at once use it', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { token } = await requestReview(t, staff);
    const answers = await Promise.all([1, 2].map(() => t.client().post('/api/review', { ...review, invite: token })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
    expect(await t.app.store.reviews.count()).toBe(1);
  });

  it('leaves reviews without a link unverified, as before', async () => {
    const t = await start();
    const sent = await t.client().post<Review>('/api/review', review);
    expect(sent.body.verified).toBe(false);
    expect(await t.app.store.reviews.get(sent.body.id)).not.toHaveProperty('leadId');
  });
});

describe('the reminder', () => {
  it('goes once, 7 days after the request, and is recorded on the lead', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-reminder-'));
    dirs.push(dir);
    const file = join(dir, 'site.sqlite');
    const t = await start(file);
    const staff = await t.adminClient();
    const { id, token, unsubscribe } = await requestReview(t, staff, file);
    const reminders = t.app.context.reviewRequests;
    t.clock.advance(7 * day - 60_000);
    expect(await reminders.sendDueReminders()).toBe(0);
    t.clock.advance(60_000);
    expect(await reminders.sendDueReminders()).toBe(1);
    expect(await reminders.sendDueReminders()).toBe(0);
    const reminder = queued(file, `${id}-review-reminder`);
    expect(reminder?.subject).toBe('A reminder: would you review Northcote Kitchens & Bathrooms?');
    expect(reminder?.body).toContain('This is the only reminder we send.');
    expect(reminder?.body).toContain('Northcote Kitchens & Bathrooms\n(03) 7010 4620');
    // The same link as the first email, and the same way out.
    expect(linkIn(reminder?.body ?? '', '/reviews/write')).toBe(token);
    expect(linkIn(reminder?.body ?? '', '/unsubscribe')).toBe(unsubscribe);
    expect(JSON.parse(reminder?.headers ?? '{}')).toHaveProperty('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click');
    expect((await historyOf(t, id)).at(-1)).toMatchObject({ by: 'website', event: 'review-reminded' });

    // A restarted server on the same database does not send it again, a week later or ever.
    const clockOffset = 8 * day;
    await t.close();
    apps.splice(apps.indexOf(t), 1);
    const restarted = await start(file);
    restarted.clock.advance(clockOffset);
    expect(await restarted.app.context.reviewRequests.sendDueReminders()).toBe(0);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM messages WHERE id LIKE ?').get(`${id}-review%`)).toEqual({ n: 2 });
    db.close();
  });

  it('is not sent to a customer who reviewed through the link or unsubscribed', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const reviewed = await requestReview(t, staff);
    const leaving = await requestReview(t, staff);
    expect((await t.client().post('/api/review', { ...review, invite: reviewed.token })).status).toBe(201);
    expect((await t.client().post('/api/unsubscribe', { t: leaving.unsubscribe })).status).toBe(200);
    t.clock.advance(7 * day);
    expect(await t.app.context.reviewRequests.sendDueReminders()).toBe(0);
    const file = join(t.dir, 'site.sqlite');
    expect(queued(file, `${reviewed.id}-review-reminder`)).toBeUndefined();
    expect(queued(file, `${leaving.id}-review-reminder`)).toBeUndefined();
    const invites = await t.app.store.reviewInvites.find({ orderBy: 'createdAt', direction: 'asc', limit: 10 });
    expect(invites.items.map((invite) => invite.reminder)).toEqual(['skipped', 'skipped']);
  });
});

describe('unsubscribing', () => {
  it("works from a mail client's one-click POST, at once, without signing in", async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { email, unsubscribe } = await requestReview(t, staff);
    const oneClick = await t.client().request<{ unsubscribed: boolean }>('POST', `/api/unsubscribe?t=${encodeURIComponent(unsubscribe)}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({ unsubscribed: true });
    expect(await t.app.context.reviewRequests.isUnsubscribed(email.recipient.toUpperCase())).toBe(true);
    const [suppression] = (await t.app.store.emailSuppressions.find({ orderBy: 'createdAt', direction: 'asc', limit: 5 })).items;
    expect(suppression.via).toBe('one-click');
    // The address is kept only as its hash.
    expect(JSON.stringify(suppression)).not.toContain('@');
    // The page's own POST after that says the same.
    expect((await t.client().post('/api/unsubscribe', { t: unsubscribe })).status).toBe(200);
  });

  it('stops review requests to the address, but not the confirmation of their own inquiry', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { email, unsubscribe } = await requestReview(t, staff);
    expect((await t.client().post('/api/unsubscribe', { t: unsubscribe })).status).toBe(200);

    const again = await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, email: email.recipient.toUpperCase() });
    const confirmation = queued(join(t.dir, 'site.sqlite'), `${again.body.id}-2`);
    expect(confirmation).toMatchObject({
      recipient: email.recipient.toUpperCase(),
      subject: 'We have received your project inquiry',
      status: 'queued',
    });
    await staff.patch(`/api/project-inquiry/${again.body.id}`, { status: 'won' });
    const refused = await staff.post<ApiError>(`/api/leads/inquiry/${again.body.id}/review-request`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This customer unsubscribed from review requests');
    expect((await historyOf(t, again.body.id)).some((entry) => entry.event === 'review-requested')).toBe(false);
  });

  it('refuses an altered or missing token, and a cross-site form', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { unsubscribe, token } = await requestReview(t, staff);
    const [subject, signature] = unsubscribe.split('.');
    const altered = `${subject}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [altered, token, 'x']) {
      const res = await t.client().post<ApiError>('/api/unsubscribe', { t: bad });
      expect(res.status, bad).toBe(404);
      expect(res.body.message).toBe('This link is not valid');
    }
    const missing = await t.client().post<ApiError>('/api/unsubscribe', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ t: 'Required' });
    const crossSite = await t.client().post('/api/unsubscribe', { t: unsubscribe }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await t.app.store.emailSuppressions.count()).toBe(0);
  });
});

describe('a review request leaving the embedded server', () => {
  let smtp: TestSmtpServer;
  let embedded: Embedded | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await embedded?.close();
    await smtp.close();
  });

  it('reaches the customer with List-Unsubscribe headers a mail client acts on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-smtp-'));
    dirs.push(dir);
    embedded = await startEmbedded(
      readEnv({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        WEB_DIST: join(dir, 'no-web'),
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        SITE_URL: 'https://renovations.example.com/',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Northcote Kitchens <hello@example.com>',
        LOG_LEVEL: 'silent',
      }),
    );
    const staff = new Client(embedded.url);
    expect((await staff.post('/api/login', admin)).status).toBe(200);
    const created = await staff.post<Inquiry>('/api/project-inquiry', { ...goodInquiry, email: 'zoe@example.com' });
    await staff.patch(`/api/project-inquiry/${created.body.id}`, { status: 'won' });
    expect((await staff.post(`/api/leads/inquiry/${created.body.id}/review-request`)).status).toBe(201);
    const mail = await until(
      () => smtp.received.find((m) => m.to[0] === 'zoe@example.com' && m.subject.startsWith('How did we do?')),
      'the review request',
    );
    const unsubscribe = linkIn(mail.text, '/unsubscribe');
    expect(mail.headers['list-unsubscribe']).toBe(`<https://renovations.example.com/api/unsubscribe?t=${encodeURIComponent(unsubscribe)}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Northcote Kitchens & Bathrooms');
    // The one-click POST, as the mail client sends it to that address.
    const oneClick = await fetch(`${embedded.url}/api/unsubscribe?t=${encodeURIComponent(unsubscribe)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const again = await staff.post<Inquiry>('/api/project-inquiry', { ...goodInquiry, email: 'zoe@example.com' });
    await staff.patch(`/api/project-inquiry/${again.body.id}`, { status: 'won' });
    expect((await staff.post(`/api/leads/inquiry/${again.body.id}/review-request`)).status).toBe(409);
  });
});
