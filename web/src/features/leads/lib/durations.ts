const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * A wait as staff say it: "under a minute", "12 min", "3 h 5 min", "2 days 4 h". Rounded
 * down, so a lead is never shown as having waited longer than it did.
 */
export function formatDuration(ms: number): string {
  if (ms < minute) return 'under a minute';
  if (ms < hour) return `${Math.floor(ms / minute)} min`;
  if (ms < 2 * day) {
    const hours = Math.floor(ms / hour);
    const minutes = Math.floor((ms % hour) / minute);
    return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  const days = Math.floor(ms / day);
  const hours = Math.floor((ms % day) / hour);
  return hours ? `${days} days ${hours} h` : `${days} days`;
}

/** How long a lead waited for its first contact, or has been waiting so far. */
export function firstContactText(lead: { createdAt: string; firstContactAt?: string }, now: Date): string {
  const arrived = Date.parse(lead.createdAt);
  if (lead.firstContactAt) return `First contact after ${formatDuration(Date.parse(lead.firstContactAt) - arrived)}`;
  return `Waiting for first contact: ${formatDuration(Math.max(0, now.getTime() - arrived))}`;
}
