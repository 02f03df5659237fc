import { createSmtpEmailSender } from '../adapters/smtp/smtp-email-sender';
import { createTwilioSmsSender } from '../adapters/twilio/twilio-sms-sender';
import type { SiteSettings } from '@site/domain';
import type { Env } from '../config';
import { newId } from '../ids';
import { SendError } from '../ports/senders';
import { mobileNumber } from '../phone';
import { emailBusinessOf, testEmail } from '../services/lead-messages';

/**
 * `npm run admin -- test-message EMAIL_OR_PHONE`: sends one message straight through the
 * configured channel (not through the queue) and says what the provider answered, so an
 * owner can check SMTP or Twilio settings in a minute. True when it was sent. `site` is the
 * business's name and address as its settings give them.
 */
export async function sendTestMessage(env: Env, target: string, print: (line: string) => void, site: SiteSettings): Promise<boolean> {
  const business = emailBusinessOf(site);
  const { siteUrl } = business;
  const text = `This is a test message from the ${business.brand} website (${siteUrl}). If it reached you, lead alerts and confirmations can reach people too.`;
  try {
    if (target.includes('@')) {
      if (!env.SMTP_URL || !env.MAIL_FROM) {
        print('Email is off: set SMTP_URL and MAIL_FROM, then try again.');
        return false;
      }
      const sender = createSmtpEmailSender({ url: env.SMTP_URL, from: env.MAIL_FROM });
      try {
        const sent = await sender.send({ id: newId(), to: target, ...(await testEmail(business, text)), sender: { name: business.brand } });
        print(`Sent an email to ${target} from ${env.MAIL_FROM} through ${new URL(env.SMTP_URL).host} (Message-ID ${sent.providerId}).`);
      } finally {
        sender.close();
      }
      return true;
    }
    const phone = mobileNumber(target);
    if (!phone.ok) {
      print(`${phone.reason}. Give an email address or a mobile number.`);
      return false;
    }
    if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) {
      print('SMS is off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, then try again.');
      return false;
    }
    const sms = createTwilioSmsSender({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiUrl: env.TWILIO_API_URL,
    });
    const sent = await sms.send({ id: newId(), to: phone.e164, text });
    print(`Sent an SMS to ${phone.e164} from ${env.TWILIO_FROM} (Twilio message ${sent.providerId}).`);
    return true;
  } catch (error) {
    if (!(error instanceof SendError)) throw error;
    print(
      `Not sent: ${error.message}. ${error.permanent ? 'The provider refused it: check the address and the settings.' : 'This may pass: check the server address and try again.'}`,
    );
    return false;
  }
}
