/**
 * When an accepted quote's deposit is due: the end of the day (Melbourne time) the set number
 * of days after acceptance. Its own module (`@site/domain/deposit-due`), as ./cooling-off is:
 * the public pages must not carry the time-zone library.
 */
import { TZDate } from '@date-fns/tz';
import { businessTimeZone } from './calendar';

/** The last instant of the Melbourne day `days` calendar days after `acceptedAt`, as an ISO instant. */
export function depositDueAt(acceptedAt: Date | string, days: number): string {
  const accepted = new TZDate(new Date(acceptedAt).getTime(), businessTimeZone);
  // Calendar days, so a daylight-saving change in between does not move the day.
  const due = new Date(Date.UTC(accepted.getFullYear(), accepted.getMonth(), accepted.getDate() + days));
  const end = new TZDate(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate(), 23, 59, 59, 999, businessTimeZone);
  return new Date(end.getTime()).toISOString();
}
