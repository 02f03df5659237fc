import { businessTimeZone } from '@site/domain';

/**
 * The dates the public pages print. Intl rather than date-fns, which would be in the home page's
 * download otherwise (staff dates are in ./dates.ts); Melbourne's calendar, so the prerendered
 * page and the browser agree wherever the visitor is.
 */

// 'MMMM d, yyyy' (domain reviewDateFormat): en-US writes exactly that.
const reviewDate = new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, month: 'long', day: 'numeric', year: 'numeric' });

/** "January 5, 2025": the date on the public review cards, as the spec gives it. */
export const formatPublicReviewDate = (instant: string | Date) => reviewDate.format(new Date(instant));
