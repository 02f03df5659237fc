/**
 * Follow-up reminders on the embedded server (startEmbedded, as `npm start` runs it), with a
 * clock the test sets: a lead still new FOLLOW_UP_AFTER_HOURS business hours after it arrived
 * sends the staff one reminder (to a real SMTP server and a Twilio-like server), at the due
 * time and not a millisecond before, never after the lead was answered, and never twice,
 * also across restarts on the same DATA_DIR. The dashboard's stats count the overdue leads.
 */
import type { Inquiry, LeadStats, MessageDelivery, QuoteRequest } from '@site/domain';
import {
  startSmtpServer,
  startTwilioServer,
  twilioAccount,
  type TestSmtpServer,
  type TestTwilioServer,
} from '@site/test-support/message-peers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { startEmbedded, type Embedded } from '../src/embedded/site';
import type { Clock } from '../src/ports/clock';
import { admin, Client, goodInquiry, goodQuote, until } from './harness';

/** A clock that stands still where the test puts it. */
class SetClock implements Clock {
  private at: number;
  constructor(at: string) {
    this.at = Date.parse(at);
  }
  now() {
    return new Date(this.at);
  }
  set(at: string) {
    this.at = Date.parse(at);
  }
}

type Listed<T> = T & { messages: MessageDelivery[] };

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
});

const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'follow-up-'));
  dirs.push(dir);
  return dir;
};

/** The embedded server on `dir` at the clock's time, with an admin signed in. */
async function start(dir: string, clock: Clock, env: Record<string, string> = {}) {
  const embedded = await startEmbedded(
    readEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST: join(dir, 'no-web'),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // The clock jumps days: sessions must not end on the way.
      SESSION_IDLE_MINUTES: '100000',
      SESSION_TTL_HOURS: '100000',
      SITE_URL: 'https://renovations.example.com.au',
      NOTIFY_EMAIL: 'office@example.com',
      NOTIFY_SMS: '0411 111 111',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Northcote Kitchens <hello@example.com>',
      TWILIO_ACCOUNT_SID: twilioAccount.sid,
      TWILIO_AUTH_TOKEN: twilioAccount.token,
      TWILIO_FROM: twilioAccount.from,
      TWILIO_API_URL: twilio.url,
      LOG_LEVEL: 'silent',
      BACKUP_KEEP: '0',
      ...env,
    }),
    { clock },
  );
  running.push(embedded);
  const staff = new Client(embedded.url);
  expect((await staff.post('/api/login', admin)).status).toBe(200);
  // The run at start is over before the test looks.
  await embedded.jobs.idle();
  return { embedded, client: new Client(embedded.url), staff };
}

async function stop(embedded: Embedded) {
  running.splice(running.indexOf(embedded), 1);
  await embedded.close();
}

async function listed<T extends Inquiry | QuoteRequest>(staff: Client, list: string, id: string): Promise<Listed<T>> {
  const res = await staff.get<Array<Listed<T>>>(`${list}?limit=100`);
  const found = res.body.find((item) => item.id === id);
  if (!found) throw new Error(`${id} is not in ${list}`);
  return found;
}

const reminders = (messages: MessageDelivery[]) => messages.filter((message) => /-r\d+$/.test(message.id));

describe('follow-up reminders, embedded', () => {
  it('remind the staff once at 09:00 Monday of an inquiry from 16:30 Friday, not a moment before, and never again after restarts', async () => {
    const dir = newDataDir();
    const clock = new SetClock('2026-11-27T16:30:00+11:00');
    const first = await start(dir, clock);
    const posted = await first.client.post<Inquiry>('/api/project-inquiry', goodInquiry);
    expect(posted.status).toBe(201);
    const id = posted.body.id;
    // Friday 16:30 to 17:30, then Monday 08:00 to 09:00 (AEDT, +11:00).
    expect(posted.body).toMatchObject({ followUpDueAt: '2026-11-29T22:00:00.000Z', followUp: 'pending' });

    // The whole weekend, and Monday until a millisecond before 09:00: nothing.
    for (const at of ['2026-11-27T23:00:00+11:00', '2026-11-29T12:00:00+11:00', '2026-11-30T08:59:59.999+11:00']) {
      clock.set(at);
      expect(await first.embedded.jobs.run('follow-ups')).toBe(0);
    }
    expect((await first.staff.get<LeadStats>('/api/leads/stats')).body).toMatchObject({ waiting: 1, overdue: 0 });
    const before = await listed<Inquiry>(first.staff, '/api/project-inquiries', id);
    expect(before).toMatchObject({ status: 'new', followUp: 'pending' });
    expect(before).not.toHaveProperty('followUpRemindedAt');
    expect(reminders(before.messages)).toEqual([]);
    await stop(first.embedded);

    // The server was down over 09:00 and starts at 09:00:30: its first run sends the reminder.
    clock.set('2026-11-30T09:00:30+11:00');
    const second = await start(dir, clock);
    const after = await listed<Inquiry>(second.staff, '/api/project-inquiries', id);
    expect(after).toMatchObject({ status: 'new', followUp: 'reminded', followUpRemindedAt: '2026-11-29T22:00:30.000Z' });
    expect(reminders(after.messages).map((message) => [message.id, message.channel, message.audience, message.to])).toEqual([
      [`${id}-r1`, 'email', 'staff', 'office@example.com'],
      [`${id}-r2`, 'sms', 'staff', '+61411111111'],
    ]);
    expect((await second.staff.get<LeadStats>('/api/leads/stats')).body).toMatchObject({ waiting: 1, overdue: 1 });

    const email = await until(() => smtp.received.find((mail) => mail.subject.startsWith('Reminder:')), 'the reminder email');
    expect(email.to).toEqual(['office@example.com']);
    expect(email.subject).toBe("Reminder: Ava Nguyen's inquiry has waited 2 business hours");
    expect(email.text).toContain(`Open it in the dashboard: https://renovations.example.com.au/admin?tab=inquiries&lead=${id}`);
    expect(email.text).toContain('Phone: 0400 123 456');
    const sms = await until(() => twilio.received.find((text) => text.body.startsWith('Reminder:')), 'the reminder SMS');
    expect(sms).toMatchObject({
      to: '+61411111111',
      body: `Reminder: Ava Nguyen's inquiry has waited 2 business hours. 0400 123 456. https://renovations.example.com.au/admin?tab=inquiries&lead=${id}`,
    });

    // Later runs, and a third start on the same data, send nothing more.
    clock.set('2026-11-30T15:00:00+11:00');
    expect(await second.embedded.jobs.run('follow-ups')).toBe(0);
    await stop(second.embedded);
    clock.set('2026-12-01T09:00:00+11:00');
    const third = await start(dir, clock);
    expect(await third.embedded.jobs.run('follow-ups')).toBe(0);
    const later = await listed<Inquiry>(third.staff, '/api/project-inquiries', id);
    expect(reminders(later.messages)).toHaveLength(2);
    expect(later.followUpRemindedAt).toBe('2026-11-29T22:00:30.000Z');
    expect(smtp.received.filter((mail) => mail.subject.startsWith('Reminder:'))).toHaveLength(1);
  });

  it('send no reminder about a lead answered before its due time, and count only the leads still new past theirs', async () => {
    const dir = newDataDir();
    // Tuesday 22:00: due Wednesday 10:00.
    const clock = new SetClock('2026-11-24T22:00:00+11:00');
    const { embedded, client, staff } = await start(dir, clock);
    const answered = (await client.post<QuoteRequest>('/api/quote-request', goodQuote)).body;
    const waiting = (await client.post<QuoteRequest>('/api/quote-request', { ...goodQuote, firstName: 'Mia', email: 'mia@example.com' }))
      .body;
    expect(answered.followUpDueAt).toBe('2026-11-24T23:00:00.000Z');
    // Saturday: due Monday 10:00.
    clock.set('2026-11-28T11:00:00+11:00');
    const weekend = (await client.post<Inquiry>('/api/project-inquiry', { ...goodInquiry, firstName: 'Leo' })).body;
    expect(weekend.followUpDueAt).toBe('2026-11-29T23:00:00.000Z');

    clock.set('2026-11-25T09:59:59.999+11:00');
    expect((await staff.patch(`/api/quote-request/${answered.id}`, { status: 'contacted' })).status).toBe(200);
    clock.set('2026-11-25T10:00:00+11:00');
    expect((await staff.get<LeadStats>('/api/leads/stats')).body).toMatchObject({ waiting: 2, overdue: 1 });
    expect(await embedded.jobs.run('follow-ups')).toBe(1);
    expect(reminders((await listed<QuoteRequest>(staff, '/api/quote-requests', answered.id)).messages)).toEqual([]);
    const reminded = await listed<QuoteRequest>(staff, '/api/quote-requests', waiting.id);
    expect(reminded.followUp).toBe('reminded');
    expect(reminders(reminded.messages).map((message) => message.to)).toEqual(['office@example.com', '+61411111111']);
    const email = await until(() => smtp.received.find((mail) => mail.subject.startsWith('Reminder:')), 'the reminder email');
    expect(email.subject).toBe("Reminder: Mia Smith's quote request has waited 2 business hours");

    // A lead answered after its reminder stops counting as overdue.
    expect((await staff.patch(`/api/quote-request/${waiting.id}`, { status: 'contacted' })).status).toBe(200);
    clock.set('2026-11-30T10:00:00+11:00');
    expect((await staff.get<LeadStats>('/api/leads/stats')).body).toMatchObject({ waiting: 1, overdue: 1 });
    expect(await embedded.jobs.run('follow-ups')).toBe(1);
    expect(reminders((await listed<Inquiry>(staff, '/api/project-inquiries', weekend.id)).messages)).toHaveLength(2);
  });

  it('say how long a late reminder waited, and send none with FOLLOW_UP_AFTER_HOURS off', async () => {
    const clock = new SetClock('2026-11-23T09:00:00+11:00');
    const { embedded, client } = await start(newDataDir(), clock, { FOLLOW_UP_AFTER_HOURS: '1.5' });
    const lead = (await client.post<Inquiry>('/api/project-inquiry', goodInquiry)).body;
    expect(lead.followUpDueAt).toBe('2026-11-22T23:30:00.000Z');
    // Not run until Tuesday 09:00 (the timer stopped): 8.5 hours on Monday and 1 on Tuesday.
    await embedded.jobs.stop();
    clock.set('2026-11-24T09:00:00+11:00');
    expect(await embedded.jobs.run('follow-ups')).toBe(1);
    await until(() => smtp.received.find((mail) => mail.subject.startsWith('Reminder:')), 'the reminder email');
    expect(smtp.received.map((mail) => mail.subject)).toContain("Reminder: Ava Nguyen's inquiry has waited 9 business hours");

    const off = await start(newDataDir(), clock, { FOLLOW_UP_AFTER_HOURS: 'off' });
    const unreminded = (await off.client.post<Inquiry>('/api/project-inquiry', goodInquiry)).body;
    expect(unreminded).not.toHaveProperty('followUpDueAt');
    clock.set('2026-12-24T09:00:00+11:00');
    expect(await off.embedded.jobs.run('follow-ups')).toBe(0);
    expect((await off.staff.get<LeadStats>('/api/leads/stats')).body).toMatchObject({ waiting: 1, overdue: 0 });
  });
});

describe('the follow-up settings', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      readEnv(env);
      return 'started';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('read BUSINESS_HOURS and FOLLOW_UP_AFTER_HOURS, 2 hours Monday to Friday 08:00 to 17:30 by default', () => {
    const defaults = readEnv({});
    expect(defaults.FOLLOW_UP_AFTER_HOURS).toBe(2);
    expect(defaults.BUSINESS_HOURS.days[1]).toEqual([{ from: 480, to: 1050 }]);
    expect(defaults.BUSINESS_HOURS.days[6]).toEqual([]);
    const set = readEnv({ BUSINESS_HOURS: 'Mon-Fri 07:30-16:00, Sat 09:00-12:00', FOLLOW_UP_AFTER_HOURS: '4' });
    expect(set.FOLLOW_UP_AFTER_HOURS).toBe(4);
    expect(set.BUSINESS_HOURS.days[6]).toEqual([{ from: 540, to: 720 }]);
    expect(readEnv({ FOLLOW_UP_AFTER_HOURS: '0' }).FOLLOW_UP_AFTER_HOURS).toBeNull();
    expect(readEnv({ FOLLOW_UP_AFTER_HOURS: 'Off' }).FOLLOW_UP_AFTER_HOURS).toBeNull();
  });

  it('refuse to start with hours that cannot be read, saying why', () => {
    expect(refusal({ BUSINESS_HOURS: 'Mon-Fri 9-5' })).toBe(
      'Invalid environment:\n  BUSINESS_HOURS: "Mon-Fri 9-5" is not a day and times: use days and times such as "Mon-Fri 08:00-17:30" or "Mon-Fri 08:00-17:30, Sat 09:00-12:00"',
    );
    expect(refusal({ BUSINESS_HOURS: 'Mon-Fri 17:30-08:00' })).toBe(
      'Invalid environment:\n  BUSINESS_HOURS: "Mon-Fri 17:30-08:00" closes before it opens',
    );
    for (const value of ['-1', 'two', '2h', '1001']) {
      expect(refusal({ FOLLOW_UP_AFTER_HOURS: value })).toBe(
        'Invalid environment:\n  FOLLOW_UP_AFTER_HOURS: must be a number of business hours such as 2 (at most 1000), or 0 or off for no reminders',
      );
    }
  });
});
