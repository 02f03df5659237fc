import { startSmtpServer, type TestSmtpServer } from '@site/test-support/message-peers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpEmailSender } from '../src/adapters/smtp/smtp-email-sender';
import type { EmailSender } from '../src/ports/senders';

describe('the SMTP sender', () => {
  let smtp: TestSmtpServer;
  let sender: EmailSender;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    sender = createSmtpEmailSender({ url: smtp.url, from: 'Website <website@example.com>' });
  });

  afterEach(async () => {
    sender.close();
    await smtp.close();
  });

  const email = (n: number) => ({ id: `lead${n}-1`, to: `staff${n}@example.com`, subject: `Lead ${n}`, text: `Lead number ${n}` });

  it('sends one email after another over one signed-in connection, not a new login each', async () => {
    for (let n = 1; n <= 5; n++) await sender.send(email(n));
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Lead 1', 'Lead 2', 'Lead 3', 'Lead 4', 'Lead 5']);
    expect(smtp.logins).toBe(1);
  });

  it('a refused recipient fails that email alone: the next one goes out', async () => {
    smtp.answer = (to) => (to === 'staff2@example.com' ? { code: 550, message: 'No such user here' } : undefined);
    await sender.send(email(1));
    await expect(sender.send(email(2))).rejects.toMatchObject({ message: 'SMTP 550: No such user here', permanent: true });
    await sender.send(email(3));
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Lead 1', 'Lead 3']);
  });

  it("goes from the business's name at MAIL_FROM's address, quoted or encoded, with replies to its own address", async () => {
    await sender.send({ ...email(1), sender: { name: "O'Brien, Kitchens & Baths", replyTo: 'office@obrien.example' } });
    await sender.send({ ...email(2), sender: { name: 'Café Rénovations' } });
    await sender.send(email(3));
    const [named, encoded, plain] = smtp.received;
    // The comma stays inside the quoted name instead of splitting it into two addresses.
    expect(named.headers.from).toBe('"O\'Brien, Kitchens & Baths" <website@example.com>');
    expect(named.headers['reply-to']).toBe('office@obrien.example');
    expect(named.from).toBe('website@example.com');
    expect(encoded.headers.from).toMatch(/^=\?UTF-8\?[BQ]\?.+\?= <website@example\.com>$/);
    expect(encoded.headers['reply-to']).toBeUndefined();
    // Queued before emails named their sender: MAIL_FROM as it is.
    expect(plain.headers.from).toBe('Website <website@example.com>');
  });
});
