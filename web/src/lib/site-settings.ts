import { businessOf, defaultSettings, pageTexts, type BusinessSettings, type PublicSettings } from '@site/domain';
import { useSyncExternalStore } from 'react';

/**
 * The business settings the public pages show (issue 28): the server renders each page with
 * the stored settings and embeds them in its data block (lib/site-data.ts), which seeds this
 * store before the app renders, so hydration renders exactly the HTML that arrived and no
 * request comes before the first paint. A page without a block (the admin area, a build
 * without a server) shows the example defaults. A page never changes its settings, so there
 * is nothing to subscribe to: a new save reaches visitors with the next page they load.
 */

let settings: PublicSettings = defaultSettings;
let business: BusinessSettings = businessOf(settings);
let texts = pageTexts(settings);
/** The Melbourne date the page was rendered on (yyyy-MM-dd), when the server said so. */
let renderedOn: string | undefined;

export const siteSettings = {
  /** The settings (and the date) a page was rendered with; before the first render. */
  seed(next: PublicSettings, on?: string) {
    settings = next;
    business = businessOf(next);
    texts = pageTexts(next);
    renderedOn = on;
  },
  current: (): PublicSettings => settings,
};

/** The settings, for the parts that show them. */
export const useSiteSettings = (): PublicSettings => settings;
/** The business as pages show it: brand, phone and its tel: form, address, links. */
export const useBusiness = (): BusinessSettings => business;
/** The hero, about and service texts, each the owner's or its default. */
export const usePageTexts = () => texts;

/** The site's own address for canonical links and shared pictures: the settings'. */
export const absoluteUrl = (path: string): string => settings.business.siteUrl.replace(/\/+$/, '') + path;

const melbourneDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Australia/Melbourne',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Melbourne (yyyy-MM-dd), the calendar the business's closures are on. */
export function melbourneToday(now = new Date()): string {
  const part = (type: string) => melbourneDate.formatToParts(now).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const noChanges = () => () => {};

/**
 * Today in Melbourne: while hydrating, the day the page was rendered on (so the HTML matches),
 * then the browser's own, which differs only on a page kept past midnight.
 */
export function useMelbourneToday(): string {
  return useSyncExternalStore(
    noChanges,
    () => melbourneToday(),
    () => renderedOn ?? melbourneToday(),
  );
}
