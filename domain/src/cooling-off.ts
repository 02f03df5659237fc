/**
 * The cooling-off period of a major domestic building contract in Victoria (Domestic Building
 * Contracts Act 1995, s 34): the owner may withdraw by written notice within 5 clear business
 * days after receiving a copy of the signed contract. "Clear" business days leave out the day
 * it was received; business days leave out Saturdays, Sundays and Victorian public holidays
 * (the Act's definition of business day, with the Public Holidays Act 1993). The period ends
 * at 5 pm Melbourne time on the fifth such day, as the product states it to the customer.
 *
 * Its own module (`@site/domain/cooling-off`), not in the index: the holiday tables are large,
 * and only the server and the pages that show this date load them.
 */
import { TZDate } from '@date-fns/tz';
import Holidays from 'date-holidays';
import { businessTimeZone } from './calendar';

export const coolingOffBusinessDays = 5;
/** The hour (Melbourne time) the period ends on its last day. */
export const coolingOffEndHour = 17;

// Victoria's public holidays (Melbourne Cup Day and the AFL Grand Final Friday among them, as
// gazetted for metropolitan Melbourne); school terms and observances are not holidays.
const victoria = new Holidays('AU', 'VIC', { types: ['public'] });
const holidaysOf = new Map<number, Set<string>>();

/** `2026-12-25`-style keys of Victoria's public holidays in a year. */
function publicHolidays(year: number): Set<string> {
  let days = holidaysOf.get(year);
  if (!days) {
    days = new Set(
      (victoria.getHolidays(year) || []).filter((holiday) => holiday.type === 'public').map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysOf.set(year, days);
  }
  return days;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A calendar day, `2026-12-25`. */
export type CalendarDay = string;

/** Whether a calendar day (`2026-12-25`) is a business day in Victoria: not a weekend, not a public holiday. */
export function isVictorianBusinessDay(day: CalendarDay): boolean {
  const [year, month, date] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !publicHolidays(year).has(day);
}

/** The Melbourne calendar day of an instant. */
export function melbourneDay(at: Date | string): CalendarDay {
  const local = new TZDate(new Date(at).getTime(), businessTimeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The day after a calendar day. */
function nextDay(day: CalendarDay): CalendarDay {
  const [year, month, date] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** The last day of the period: the fifth clear business day after the day the copy was received. */
export function coolingOffLastDay(receivedAt: Date | string): CalendarDay {
  let day = melbourneDay(receivedAt);
  for (let counted = 0; counted < coolingOffBusinessDays;) {
    day = nextDay(day);
    if (isVictorianBusinessDay(day)) counted++;
  }
  return day;
}

/** When the period ends: 5 pm Melbourne time on its last day, as an ISO instant. */
export function coolingOffEndsAt(receivedAt: Date | string): string {
  const [year, month, date] = coolingOffLastDay(receivedAt).split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, coolingOffEndHour, 0, 0, businessTimeZone).getTime()).toISOString();
}
