import { reviewDateFormat } from '@site/domain';
import { format } from 'date-fns';

/** Admin dates use a long format with time, e.g. "January 5th, 2025 at 3:04 PM". */
export const adminDateTime = (iso: string) => format(new Date(iso), 'PPPp');

/** Review dates appear as 'MMMM d, yyyy'. */
export const reviewDate = (iso: string) => format(new Date(iso), reviewDateFormat);
