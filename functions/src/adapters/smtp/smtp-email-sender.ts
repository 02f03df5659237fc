import { createTransport } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { SendError, type EmailSender, type OutgoingEmail, type Sent } from '#functions/ports/senders.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:port (STARTTLS when offered) or smtps://user:pass@host:port (TLS). */
  url: string;
  /**
   * MAIL_FROM: `address@example.com` or `Business name <address@example.com>`. An email naming
   * its sender goes from that name at this address; one without, from this as it is.
   */
  from: string;
}

/** Emails through an SMTP server with nodemailer, over a few reused connections. */
export function createSmtpEmailSender({ url, from }: SmtpOptions): EmailSender {
  // The pool is built here because createTransport({ url, ...options }) uses the URL alone and
  // drops every other option: no pool (a new connection and login per email) and no timeouts.
  // SMTPPool merges the URL's host, port, TLS and login into these options.
  const pool = new SMTPPool({
    url,
    pool: true,
    // A burst of leads reuses signed-in connections instead of a new login per message.
    maxConnections: 4,
    // Fail an attempt in seconds rather than hanging the queue; the worker retries.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const transport = createTransport(pool);
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const domain = /@([^>\s]+)$/.exec(address)?.[1] ?? 'localhost';
  return {
    async send(email: OutgoingEmail): Promise<Sent> {
      try {
        const { sender } = email;
        const info = await transport.sendMail({
          // An address object: nodemailer quotes or encodes the name (a comma, an apostrophe, "é").
          from: sender ? { name: sender.name, address } : from,
          ...(sender?.replyTo ? { replyTo: sender.replyTo } : {}),
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.headers ? { headers: email.headers } : {}),
          ...(email.attachments?.length ? { attachments: email.attachments } : {}),
          // The same id on every attempt: mail clients show a message sent twice once.
          messageId: `<${email.id}@${domain}>`,
        });
        return { providerId: info.messageId };
      } catch (error) {
        throw smtpError(error);
      }
    },
    close() {
      transport.close();
    },
  };
}

/** 5xx answers are permanent (no such mailbox, refused login); 4xx and network faults are not. */
export function smtpError(error: unknown): SendError {
  const { responseCode, response, code, message } = (error ?? {}) as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  if (typeof responseCode === 'number') {
    // nodemailer's `response` is the server's whole line, code included.
    const text = (response ?? message ?? '').trim().replace(/^\d{3}[- ](\d\.\d+\.\d+ )?/, '');
    return new SendError(`SMTP ${responseCode}: ${text}`, responseCode >= 500);
  }
  return new SendError(`SMTP ${code ?? 'error'}: ${message ?? String(error)}`, false);
}
