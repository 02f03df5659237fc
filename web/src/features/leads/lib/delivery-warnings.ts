import { deliveryWarningFailures, type DeliveryStatus } from '@site/domain';

export interface DeliveryWarningText {
  key: string;
  title: string;
  text: string;
}

/**
 * What an owner needs to act on, in plain words: which setting to add on the server, or that
 * sends are failing. `null` for a channel means the server cannot tell (Firebase extensions
 * send), so nothing is claimed about it.
 */
export function deliveryWarnings(status: DeliveryStatus): DeliveryWarningText[] {
  // The server counts emails and SMS together, so the count is not called emails.
  const waiting = status.queued > 0 ? ` Emails and SMS waiting to be sent: ${status.queued}.` : '';
  const warnings: DeliveryWarningText[] = [];
  if (status.configured.email === false) {
    warnings.push({
      key: 'email',
      title: 'Emails are not being sent',
      text: `No mail server is set up, so staff alerts and customer confirmations wait in the queue.${waiting} Set SMTP_URL and MAIL_FROM in the server's settings and restart it; the waiting emails then go out.`,
    });
  }
  // A business that does not use text messages is not told SMS cannot be sent, until it turns them on again.
  if (status.configured.sms === false && !status.smsOptOut) {
    warnings.push({
      key: 'sms',
      title: 'Text messages (SMS) are not being sent',
      text: "No Twilio account is set up, so SMS wait in the queue. Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM in the server's settings and restart it; the waiting SMS then go out.",
    });
  }
  if (status.failingInARow >= deliveryWarningFailures) {
    warnings.push({
      key: 'failing',
      title: 'Emails or SMS are failing',
      text: `The last ${status.failingInARow} emails or SMS could not be sent. Each failed one shows its reason on its inquiry or quote request below, with a Retry button. If the reasons mention a login or the account, check the mail (SMTP) or Twilio settings.`,
    });
  }
  return warnings;
}
