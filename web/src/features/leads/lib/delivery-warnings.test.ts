import { deliveryWarningFailures, type DeliveryStatus } from '@site/domain';
import { describe, expect, it } from 'vitest';
import { deliveryWarnings } from './delivery-warnings';

const healthy: DeliveryStatus = { configured: { email: true, sms: true }, failingInARow: 0, queued: 0, smsOptOut: false };
const titles = (status: DeliveryStatus) => deliveryWarnings(status).map((warning) => warning.title);

describe('the dashboard delivery warning', () => {
  it('says nothing when both channels are set up and the latest sends went out', () => {
    expect(deliveryWarnings(healthy)).toEqual([]);
  });

  it('claims nothing about a channel the server cannot judge (null, Firebase extensions)', () => {
    expect(deliveryWarnings({ ...healthy, configured: { email: null, sms: null } })).toEqual([]);
  });

  it('names the settings to add for each channel that is off, and how many messages wait', () => {
    const warnings = deliveryWarnings({ ...healthy, configured: { email: false, sms: false }, queued: 3 });
    expect(warnings.map((warning) => warning.title)).toEqual(['Emails are not being sent', 'Text messages (SMS) are not being sent']);
    expect(warnings[0].text).toContain('Set SMTP_URL and MAIL_FROM');
    expect(warnings[0].text).toContain('Emails and SMS waiting to be sent: 3.');
    expect(warnings[1].text).toContain('Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    expect(deliveryWarnings({ ...healthy, configured: { email: false, sms: true } })[0].text).not.toContain('waiting to be sent');
  });

  it('says nothing of SMS to a business that does not use text messages, until it turns them on again', () => {
    const noTwilio = { ...healthy, configured: { email: true, sms: false } };
    expect(titles({ ...noTwilio, smsOptOut: true })).toEqual([]);
    expect(titles({ ...noTwilio, smsOptOut: false })).toEqual(['Text messages (SMS) are not being sent']);
  });

  it('warns from the threshold of failures in a row, not below it', () => {
    expect(titles({ ...healthy, failingInARow: deliveryWarningFailures - 1 })).toEqual([]);
    const [warning] = deliveryWarnings({ ...healthy, failingInARow: deliveryWarningFailures });
    expect(warning.title).toBe('Emails or SMS are failing');
    expect(warning.text).toContain(`The last ${deliveryWarningFailures} emails or SMS could not be sent.`);
  });

  it('the threshold can be reached: the server counts at most the last 5 sends', () => {
    expect(deliveryWarningFailures).toBeGreaterThanOrEqual(1);
    expect(deliveryWarningFailures).toBeLessThanOrEqual(5);
  });
});
