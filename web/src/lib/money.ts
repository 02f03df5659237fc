/** Money as staff type it in the admin: dollars and cents as text, kept as whole cents. */

/** Whole cents from dollars as typed ("1,250.5" is 125050), or null; read as text so no cent is lost to floating point. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1].replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "1250.50" from cents, as the price field shows a stored price. */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
