import { business } from '../../web/src/config/business';
import type { Env } from './config';
import type { MessageSettings } from './services/lead-messages';

/**
 * What messages say about the business (web/src/config/business.ts, the one file the owner
 * edits) and which staff hear of leads. Used by both entry points.
 */
export function messageSettings(
  env: Pick<Env, 'SITE_URL' | 'NOTIFY_EMAIL' | 'NOTIFY_SMS' | 'SMS_COUNTRIES' | 'CUSTOMER_MESSAGES_PER_DAY'> &
    Partial<Pick<Env, 'FOLLOW_UP_AFTER_HOURS' | 'BUSINESS_HOURS'>>,
): MessageSettings {
  return {
    business,
    siteUrl: (env.SITE_URL ?? business.siteUrl).replace(/\/+$/, ''),
    staffEmails: env.NOTIFY_EMAIL,
    staffPhones: env.NOTIFY_SMS,
    smsCountries: env.SMS_COUNTRIES,
    customerMessagesPerDay: env.CUSTOMER_MESSAGES_PER_DAY,
    ...(env.FOLLOW_UP_AFTER_HOURS && env.BUSINESS_HOURS
      ? { followUp: { afterHours: env.FOLLOW_UP_AFTER_HOURS, businessHours: env.BUSINESS_HOURS } }
      : {}),
  };
}
