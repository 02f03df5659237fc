import { businessTimeZone } from '@site/domain/business-hours';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Numeric parts only: the browser's own words for months and am/pm differ between engines ("Sept", "pm").
const melbourneParts = new Intl.DateTimeFormat('en-AU', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/**
 * A moment as the business's clock in Melbourne shows it, "5 Mar 2026, 2:04 PM", wherever the
 * admin's browser is: the settings were saved in the business's time.
 */
export function melbourneDateTime(iso: string): string {
  const parts: Record<string, number> = {};
  for (const part of melbourneParts.formatToParts(new Date(iso))) parts[part.type] = Number(part.value);
  const { year, month, day, hour, minute } = parts;
  const twelveHour = hour % 12 === 0 ? 12 : hour % 12;
  return `${day} ${months[month - 1]} ${year}, ${twelveHour}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}
