import { melbourneDayLabel, melbourneTimeLabel, melbourneZoneName } from '#web/lib/public-dates.ts';

/**
 * How a visit's time reads to the customer: on Melbourne's clock whatever the browser's zone,
 * as the slots the server offers are labelled (the formats are in lib/public-dates.ts).
 */
export { melbourneDayLabel, melbourneTimeLabel, melbourneZoneName };

/** "Tuesday 1 December at 9:30 am". */
export const melbourneWhen = (instant: string) => `${melbourneDayLabel(instant)} at ${melbourneTimeLabel(instant)}`;

/** The line beside the times: "Times are in Melbourne time (AEDT)". */
export const melbourneTimeNote = (instant: string) => `Times are in Melbourne time (${melbourneZoneName(instant)})`;
