import { businessOf, defaultSettings, pageTexts, type BusinessSettings, type PageTexts, type PublicSettings } from '@site/domain';
import { useSyncExternalStore } from 'react';
import { melbourneToday } from './public-dates';

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
/**
 * The page texts, as the server resolved them into the data block: the default texts (a few
 * KB) stay out of the browser's first download. Without a block (the development server, a
 * component test) they are resolved here.
 */
let texts: PageTexts | undefined;
const noTexts: PageTexts = { heroHeadline: '', heroIntro: '', highlights: [], aboutIntro: '', aboutStory: '', services: [] };
const resolvedHere = (): PageTexts => {
  if (import.meta.env.PROD) {
    // Every page the server or the build renders carries them; say so rather than blank the page.
    console.error('The page texts did not come with this page (no data block)');
    return noTexts;
  }
  return pageTexts(settings);
};
/** The Melbourne date the page was rendered on (yyyy-MM-dd), when the server said so. */
let renderedOn: string | undefined;

export const siteSettings = {
  /** The settings (and the date) a page was rendered with; before the first render. */
  seed(next: PublicSettings, on?: string, nextTexts?: PageTexts) {
    settings = next;
    business = businessOf(next);
    texts = nextTexts;
    renderedOn = on;
  },
  /** The texts the server resolved for the page. */
  seedTexts(next: PageTexts) {
    texts = next;
  },
  current: (): PublicSettings => settings,
};

/** The settings, for the parts that show them. */
export const useSiteSettings = (): PublicSettings => settings;
/** The business as pages show it: brand, phone and its tel: form, address, links. */
export const useBusiness = (): BusinessSettings => business;
/** The hero, about and service texts, each the owner's or its default. */
export const usePageTexts = (): PageTexts => texts ?? resolvedHere();

/** The site's own address for canonical links and shared pictures: the settings'. */
export const absoluteUrl = (path: string): string => settings.business.siteUrl.replace(/\/+$/, '') + path;

export { melbourneToday };

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
