import { businessOf, defaultSettings, type SiteSettings } from '@site/domain';
import { businessHoursOf, type BusinessHours } from '@site/domain/business-hours';
import type { Env } from './config';
import { emailLogoUrl, type MessageSettings } from './services/lead-messages';
import type { SettingsSeed } from './services/settings';

/**
 * What the environment still decides about messages: where customer SMS may go and how many a
 * customer gets a day (abuse limits of the server, not the business's choices).
 */
export type MessagePolicy = Pick<MessageSettings, 'smsCountries' | 'customerMessagesPerDay'>;

export const messagePolicy = (env: Pick<Env, 'SMS_COUNTRIES' | 'CUSTOMER_MESSAGES_PER_DAY'>): MessagePolicy => ({
  smsCountries: env.SMS_COUNTRIES,
  customerMessagesPerDay: env.CUSTOMER_MESSAGES_PER_DAY,
});

/**
 * What messages say about the business and which staff hear of leads: from the business
 * settings as they are now (so the next message after a save signs off with the new details).
 */
export function messageSettingsOf(site: SiteSettings, policy: MessagePolicy): MessageSettings {
  const afterHours = site.notifications.followUpAfterHours;
  const businessHours = businessHoursOf(site.hours);
  return {
    business: businessOf(site),
    siteUrl: site.business.siteUrl,
    ...(site.images.logo ? { logoUrl: emailLogoUrl(site.images.logo, site.business.siteUrl) } : {}),
    staffEmails: site.notifications.emails,
    // "We don't use text messages": no SMS alert goes to staff, whatever mobiles are kept.
    staffPhones: site.notifications.smsOptOut ? [] : site.notifications.mobiles,
    ...policy,
    // Reminders need a delay and at least one open hour in the week to count in.
    ...(afterHours !== null && businessHours.days.some((ranges) => ranges.length) ? { followUp: { afterHours, businessHours } } : {}),
  };
}

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Opening hours read from BUSINESS_HOURS, as the settings keep them. */
export function weeklyOf(hours: BusinessHours): SiteSettings['hours']['weekly'] {
  return dayNames.map((_, day) => (hours.days[day] ?? []).map((range) => ({ from: time(range.from), to: time(range.to) })));
}

/**
 * The settings an install configured through environment variables had: each of those
 * variables that is set (to something other than its default, for the two that have one). At
 * the first start with this version they become the stored settings, so nothing changes under
 * an upgrade; the Settings tab names the variables they came from.
 */
export function settingsSeedOf(
  env: Pick<Env, 'NOTIFY_EMAIL' | 'NOTIFY_SMS' | 'SITE_URL' | 'FOLLOW_UP_AFTER_HOURS' | 'BUSINESS_HOURS' | 'LEAD_RETENTION_MONTHS'>,
): SettingsSeed {
  const from: string[] = [];
  const values: SettingsSeed['values'] = {};
  const notifications: Partial<SiteSettings['notifications']> = {};
  if (env.NOTIFY_EMAIL.length) {
    notifications.emails = [...env.NOTIFY_EMAIL];
    from.push('NOTIFY_EMAIL');
  }
  if (env.NOTIFY_SMS.length) {
    notifications.mobiles = [...env.NOTIFY_SMS];
    from.push('NOTIFY_SMS');
  }
  if (env.FOLLOW_UP_AFTER_HOURS !== defaultSettings.notifications.followUpAfterHours) {
    notifications.followUpAfterHours = env.FOLLOW_UP_AFTER_HOURS;
    from.push('FOLLOW_UP_AFTER_HOURS');
  }
  if (Object.keys(notifications).length) values.notifications = notifications;
  if (env.SITE_URL) {
    values.business = { siteUrl: new URL(env.SITE_URL).origin };
    from.push('SITE_URL');
  }
  const weekly = weeklyOf(env.BUSINESS_HOURS);
  if (JSON.stringify(weekly) !== JSON.stringify(defaultSettings.hours.weekly)) {
    values.hours = { weekly };
    from.push('BUSINESS_HOURS');
  }
  if (env.LEAD_RETENTION_MONTHS !== null) {
    values.privacy = { leadRetentionMonths: env.LEAD_RETENTION_MONTHS };
    from.push('LEAD_RETENTION_MONTHS');
  }
  return { values, from };
}
