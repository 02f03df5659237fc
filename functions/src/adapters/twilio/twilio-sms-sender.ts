import { SendError, type OutgoingSms, type Sent, type SmsSender } from '#functions/ports/senders.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164, or a Messaging Service SID (MG...). */
  from: string;
  /** Twilio's API by default; another base URL for a test server or a regional edge. */
  apiUrl?: string;
}

interface TwilioAnswer {
  sid?: string;
  code?: number;
  message?: string;
}

/** SMS through Twilio's Messages REST API (POST /2010-04-01/Accounts/{sid}/Messages.json). */
export function createTwilioSmsSender(options: TwilioOptions): SmsSender {
  const base = (options.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = options.from.startsWith('MG') ? { MessagingServiceSid: options.from } : { From: options.from };
  return {
    async send(sms: OutgoingSms): Promise<Sent> {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: sms.to, Body: sms.text, ...sender }),
          signal: AbortSignal.timeout(30_000),
        });
      } catch (error) {
        throw new SendError(`Twilio unreachable: ${error instanceof Error ? error.message : String(error)}`, false);
      }
      const answer = (await res.json().catch(() => ({}))) as TwilioAnswer;
      if (res.ok) return { providerId: answer.sid };
      const what = `Twilio ${res.status}${answer.code ? ` (error ${answer.code})` : ''}: ${answer.message ?? res.statusText}`;
      // Too many requests and server faults pass; any other refusal (bad number, bad credentials) will not.
      throw new SendError(what, !(res.status === 429 || res.status >= 500));
    },
  };
}
