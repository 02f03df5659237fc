/**
 * Emails and SMS really leave the embedded server: the whole embedded stack (startEmbedded,
 * as `npm start` runs it) against a real SMTP server with login and a server that speaks
 * Twilio's Messages API.
 */
import type { DeliveryStatus, MessageDelivery } from '@site/domain';
import {
  startSmtpServer,
  startTwilioServer,
  twilioAccount,
  type TestSmtpServer,
  type TestTwilioServer,
} from '@site/test-support/message-peers';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { startEmbedded, type Embedded } from '../src/embedded/site';
import { admin, Client, goodInquiry, goodQuote, goodReview, until } from './harness';

let smtp: TestSmtpServer;
let twilio: TestTwilioServer;
const dirs: string[] = [];
const running: Embedded[] = [];

beforeAll(async () => {
  [smtp, twilio] = await Promise.all([startSmtpServer(), startTwilioServer()]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), twilio.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  smtp.received.length = 0;
  twilio.received.length = 0;
  smtp.answer = () => undefined;
  twilio.answer = () => undefined;
});

async function start(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'delivery-'));
  dirs.push(dir);
  const embedded = await startEmbedded(
    readEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST: join(dir, 'no-web'),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      FORM_RATE_LIMIT: '10000',
      SITE_URL: 'https://renovations.example.com.au/',
      NOTIFY_EMAIL: 'office@example.com, boss@example.com',
      NOTIFY_SMS: '0411 111 111',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Northcote Kitchens <hello@example.com>',
      TWILIO_ACCOUNT_SID: twilioAccount.sid,
      TWILIO_AUTH_TOKEN: twilioAccount.token,
      TWILIO_FROM: twilioAccount.from,
      TWILIO_API_URL: twilio.url,
      LOG_LEVEL: 'silent',
      ...env,
    }),
    { firstRetryDelayMs: 40 },
  );
  running.push(embedded);
  const client = new Client(embedded.url);
  const adminClient = new Client(embedded.url);
  expect((await adminClient.post('/api/login', admin)).status).toBe(200);
  return { embedded, client, admin: adminClient };
}

async function messagesOf(adminClient: Client, list: '/api/project-inquiries' | '/api/quote-requests', id: string) {
  const res = await adminClient.get<Array<{ id: string; messages: MessageDelivery[] }>>(`${list}?limit=100`);
  return res.body.find((item) => item.id === id)?.messages ?? [];
}

describe('lead delivery, embedded', () => {
  it('emails the staff and the customer and texts both about an inquiry, with the right content', async () => {
    const { client } = await start();
    const res = await client.post<{ id: string }>('/api/project-inquiry', {
      ...goodInquiry,
      firstName: 'Ava <b>',
      email: 'ava@example.com',
      phone: '0400 123 456',
    });
    expect(res.status).toBe(201);
    await until(() => smtp.received.length === 3 && twilio.received.length === 2, 'three emails and two SMS');

    const staff = smtp.received.filter((mail) => mail.to[0] !== 'ava@example.com');
    expect(staff.map((mail) => mail.to[0]).sort()).toEqual(['boss@example.com', 'office@example.com']);
    const alert = staff[0];
    expect(alert.subject).toBe('New project inquiry: Ava <b> Nguyen (Kitchen, Bathroom)');
    expect(alert.from).toBe('hello@example.com');
    // From the business's name in the settings (not MAIL_FROM's "Northcote Kitchens") at MAIL_FROM's address;
    // no Reply-To while the settings still hold the example address.
    expect(alert.headers.from).toBe('"Northcote Kitchens & Bathrooms" <hello@example.com>');
    expect(alert.headers['reply-to']).toBeUndefined();
    expect(alert.text).toContain('Budget: $15,000 - $30,000');
    expect(alert.text).toContain('Timeline: Next 3 months');
    expect(alert.text).toContain('Phone: 0400 123 456 (tel:+61400123456)');
    // Staff read dates in Australian English: "5 January 2025 at 3:04 pm".
    expect(alert.text).toMatch(/received \d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d{2}\s?[ap]m \(Melbourne time\)/);
    expect(alert.text).toContain(`https://renovations.example.com.au/admin?tab=inquiries&lead=${res.body.id}`);
    // The customer's values are text in the HTML, never markup.
    expect(alert.html).toContain('Ava &lt;b&gt; Nguyen');
    expect(alert.html).not.toContain('Ava <b>');
    expect(alert.html).toContain('href="mailto:ava@example.com"');
    expect(alert.html).toContain('href="tel:+61400123456"');
    // A laid-out email: charset and viewport, the preheader mail clients show after the subject,
    // and a dashboard button padded for Outlook's Word engine.
    expect(alert.html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
    expect(alert.html).toContain('<meta content="text/html; charset=UTF-8" http-equiv="Content-Type"/>');
    expect(alert.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(alert.html).toMatch(/<div style="display:none;[^"]*"[^>]*>New project inquiry from Ava &lt;b&gt; Nguyen/);
    expect(alert.html).toMatch(
      /<a href="https:\/\/renovations\.example\.com\.au\/admin\?tab=inquiries&amp;lead=[^"]+"[^>]*>.*<!--\[if mso\]>.*Open it in the dashboard/,
    );
    expect(alert.messageId).toMatch(new RegExp(`^<${res.body.id}-[1-9]@example\\.com>$`));

    const confirmation = smtp.received.find((mail) => mail.to[0] === 'ava@example.com');
    expect(confirmation?.subject).toBe('We have received your project inquiry');
    expect(confirmation?.text).toContain('Northcote Kitchens & Bathrooms');
    expect(confirmation?.text).toContain('(03) 7010 4620');
    expect(confirmation?.text).toContain('12 Example Street, Richmond VIC 3121');
    expect(confirmation?.text).toContain('hello@example.com');
    // A confirmation of their own inquiry is not marketing: no unsubscribe link or header.
    expect(confirmation?.text).not.toContain('unsubscribe');
    expect(confirmation?.headers['list-unsubscribe']).toBeUndefined();
    expect(confirmation?.headers.from).toBe('"Northcote Kitchens & Bathrooms" <hello@example.com>');

    expect(twilio.received.map((sms) => sms.to).sort()).toEqual(['+61400123456', '+61411111111']);
    for (const sms of twilio.received) {
      expect(sms.accountSid).toBe(twilioAccount.sid);
      expect(sms.from).toBe(twilioAccount.from);
    }
    // Every customer SMS names the business and how to reach it.
    expect(twilio.received.find((sms) => sms.to === '+61400123456')?.body).toBe(
      "Hi Ava <b>, thanks for your renovation inquiry. We'll be in touch very shortly. — Northcote Kitchens & Bathrooms (03) 7010 4620",
    );
    expect(twilio.received.find((sms) => sms.to === '+61411111111')?.body).toContain(
      `New inquiry: Ava <b> Nguyen, Kitchen, Bathroom, 0400 123 456.`,
    );
  });

  it('shows each message as sent on the lead, and a quote request and a review alert the staff', async () => {
    const { client, admin: adminClient } = await start();
    const quote = await client.post<{ id: string }>('/api/quote-request', goodQuote);
    const review = await client.post<{ id: string }>('/api/review', goodReview);
    expect(review.status).toBe(201);
    await until(async () => {
      const messages = await messagesOf(adminClient, '/api/quote-requests', quote.body.id);
      return messages.length === 4 && messages.every((m) => m.status === 'sent') && messages;
    }, 'the quote request messages to be sent');
    const subjects = () => smtp.received.map((mail) => mail.subject);
    await until(() => subjects().filter((s) => s.startsWith('A review is waiting')).length === 2, 'two review alerts');
    expect(subjects()).toContain('New quote request: Jack Smith (Kitchen, Richmond)');
    expect(subjects()).toContain('We have received your quote request');
    expect(subjects()).toContain('A review is waiting for approval: 5 stars from Charlotte');
    // Nothing goes to the reviewer.
    expect(smtp.received.flatMap((mail) => mail.to)).not.toContain(goodReview.email);
    const sent = await messagesOf(adminClient, '/api/quote-requests', quote.body.id);
    expect(sent.map((m) => [m.channel, m.audience, m.to, m.status])).toEqual([
      ['email', 'staff', 'office@example.com', 'sent'],
      ['email', 'staff', 'boss@example.com', 'sent'],
      ['sms', 'staff', '+61411111111', 'sent'],
      ['email', 'customer', 'jack@example.com', 'sent'],
    ]);
    expect(sent.every((m) => m.sentAt && m.attempts === 1)).toBe(true);
  });

  it('retries a temporary refusal with backoff until the SMTP server accepts', async () => {
    let refusals = 0;
    smtp.answer = (to) => (to === 'ava@example.com' && refusals++ < 3 ? { code: 451, message: 'Try again later' } : undefined);
    const { client, admin: adminClient } = await start({ NOTIFY_EMAIL: '', NOTIFY_SMS: '' });
    const res = await client.post<{ id: string }>('/api/project-inquiry', goodInquiry);
    const email = await until(async () => {
      const found = (await messagesOf(adminClient, '/api/project-inquiries', res.body.id)).find((m) => m.channel === 'email');
      return found?.status === 'sent' && found;
    }, 'the confirmation to be sent after the refusals');
    expect(refusals).toBeGreaterThanOrEqual(4);
    expect(email.attempts).toBe(4);
    expect(smtp.received.filter((mail) => mail.to[0] === 'ava@example.com')).toHaveLength(1);
  });

  it('marks a permanent refusal failed with the reason, and sends it when an admin retries', async () => {
    smtp.answer = (to) => (to === 'ava@example.com' ? { code: 550, message: 'No such user here' } : undefined);
    twilio.answer = () => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number +61400123456 is not a valid phone number.", status: 400 },
    });
    const { client, admin: adminClient } = await start({ NOTIFY_EMAIL: '', NOTIFY_SMS: '' });
    const res = await client.post<{ id: string }>('/api/project-inquiry', goodInquiry);
    const failed = await until(async () => {
      const messages = await messagesOf(adminClient, '/api/project-inquiries', res.body.id);
      return messages.length === 2 && messages.every((m) => m.status === 'failed') && messages;
    }, 'both messages to fail');
    expect(failed.find((m) => m.channel === 'email')).toMatchObject({ attempts: 1, error: 'SMTP 550: No such user here' });
    expect(failed.find((m) => m.channel === 'sms')).toMatchObject({
      attempts: 1,
      error: "Twilio 400 (error 21211): The 'To' number +61400123456 is not a valid phone number.",
    });
    const status = await adminClient.get<DeliveryStatus>('/api/messages/status');
    expect(status.body).toEqual({ configured: { email: true, sms: true }, failingInARow: 2, queued: 0, smsOptOut: false });

    smtp.answer = () => undefined;
    const email = failed.find((m) => m.channel === 'email') as MessageDelivery;
    const retried = await adminClient.post<MessageDelivery>(`/api/messages/${email.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: email.id, status: 'queued', attempts: 0 });
    await until(
      async () => (await messagesOf(adminClient, '/api/project-inquiries', res.body.id)).find((m) => m.id === email.id)?.status === 'sent',
      'the retried email to be sent',
    );
    expect(smtp.received.filter((mail) => mail.to[0] === 'ava@example.com')).toHaveLength(1);

    const again = await adminClient.post<{ message: string }>(`/api/messages/${email.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a failed message can be retried');
    expect((await adminClient.post<{ message: string }>('/api/messages/nope/retry')).body).toEqual({ message: 'Message not found' });
    expect((await client.post('/api/messages/nope/retry')).status).toBe(401);
    expect((await client.get('/api/messages/status')).status).toBe(401);
  });

  it('keeps messages queued while no channel is configured, and says so', async () => {
    const { client, admin: adminClient } = await start({
      SMTP_URL: '',
      MAIL_FROM: '',
      TWILIO_ACCOUNT_SID: '',
      TWILIO_AUTH_TOKEN: '',
      TWILIO_FROM: '',
    });
    const res = await client.post<{ id: string }>('/api/project-inquiry', goodInquiry);
    const messages = await messagesOf(adminClient, '/api/project-inquiries', res.body.id);
    expect(messages.map((m) => m.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
    expect((await adminClient.get<DeliveryStatus>('/api/messages/status')).body).toEqual({
      configured: { email: false, sms: false },
      failingInARow: 0,
      queued: 5,
      smsOptOut: false,
    });
    expect(smtp.received).toEqual([]);
  });
});

describe('npm run admin -- test-message', () => {
  const cli = (target: string, env: Record<string, string>) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, '../src/embedded/cli.ts'), 'admin', 'test-message', target],
        {
          // From the functions folder, so that tsx compiles the email layout's JSX as its tsconfig says.
          cwd: join(import.meta.dirname, '..'),
          env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'cli-')), ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('exit', (code) => resolve({ code, out }));
    });
  const configured = () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Northcote Kitchens <hello@example.com>',
    TWILIO_ACCOUNT_SID: twilioAccount.sid,
    TWILIO_AUTH_TOKEN: twilioAccount.token,
    TWILIO_FROM: twilioAccount.from,
    TWILIO_API_URL: twilio.url,
  });

  it('sends a test email and a test SMS and prints what happened', async () => {
    const email = await cli('owner@example.com', configured());
    expect(email.out).toMatch(
      /^Sent an email to owner@example\.com from Northcote Kitchens <hello@example\.com> through 127\.0\.0\.1:\d+ \(Message-ID <[A-Za-z0-9]+@example\.com>\)\.\n$/,
    );
    expect(email.code).toBe(0);
    expect(smtp.received).toEqual([
      expect.objectContaining({ to: ['owner@example.com'], subject: 'Test message from Northcote Kitchens & Bathrooms' }),
    ]);
    // In the layout every email has: the business's name at the top, its contact details at the foot.
    expect(smtp.received[0].html).toContain('<h1');
    expect(smtp.received[0].text).toContain('Northcote Kitchens & Bathrooms\n(03) 7010 4620\nhello@example.com\n12 Example Street');

    const sms = await cli('0412 345 678', configured());
    expect(sms.out).toMatch(/^Sent an SMS to \+61412345678 from \+61480000000 \(Twilio message SM\d{32}\)\.\n$/);
    expect(sms.code).toBe(0);
    expect(twilio.received.map((m) => m.to)).toEqual(['+61412345678']);
  }, 60_000);

  it('says why nothing was sent', async () => {
    smtp.answer = () => ({ code: 550, message: 'Mailbox unavailable' });
    const refused = await cli('owner@example.com', configured());
    expect(refused.out).toBe('Not sent: SMTP 550: Mailbox unavailable. The provider refused it: check the address and the settings.\n');
    expect(refused.code).toBe(1);
    const off = await cli('owner@example.com', {});
    expect(off.out).toBe('Email is off: set SMTP_URL and MAIL_FROM, then try again.\n');
    expect(off.code).toBe(1);
    const landline = await cli('(03) 9123 4567', configured());
    expect(landline.out).toBe('No SMS: (03) 9123 4567 is not a mobile number. Give an email address or a mobile number.\n');
    expect(landline.code).toBe(1);
  }, 60_000);
});
