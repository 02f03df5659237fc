import { serviceKeys, type ServiceKey, type SiteSettings } from './settings';

/**
 * The page texts: the specification's, as the defaults of the settings' texts, and what a page
 * shows. Apart from settings.ts so that the public pages' first download does not carry them:
 * the server resolves the texts into each page's data block.
 */

/** The specification's page texts: what a text left at its default shows. */
export const defaultTexts = {
  heroHeadline: 'Transform Your Kitchen & Bathroom',
  heroIntro: "Melbourne's luxury kitchen and bathroom experts",
  highlights: [
    'Over 12 years of experience',
    'Quick and accurate quotes',
    'Fully custom designs',
    'Fast turnaround and transparent pricing',
    '5-year workmanship guarantee',
  ],
  aboutIntro: 'Bespoke kitchens and bathrooms, designed and built in Melbourne for over a decade.',
  aboutStory: (brand: string) =>
    `${brand} is a bespoke kitchen and bathroom business with over a decade of experience transforming Melbourne homes. What began as a small joinery workshop has grown into a team of designers, cabinet makers and licensed trades who look after a renovation from the first sketch to the final clean.\n\nFor more than 12 years we have designed and built kitchens, bathrooms, wardrobes and living spaces for home owners from the bayside suburbs to the Dandenongs. Every project is different, but our approach stays the same: listen carefully, design thoughtfully, build properly and leave the home cleaner than we found it.`,
  services: {
    kitchen: {
      title: 'Kitchen Renovations',
      summary: 'Custom kitchens designed around how you cook, gather and live.',
      description:
        'From compact galley kitchens to open-plan family kitchens with a statement island, we design, build and install every cabinet in our own workshop. Stone and laminate benchtops, integrated appliances, soft-close hardware and clever corner storage are all part of the plan, and one team looks after the whole job from the first measure to the final clean.',
    },
    bathroom: {
      title: 'Bathroom Renovations',
      summary: 'Bathrooms and ensuites that are easy to clean and lovely to use.',
      description:
        'We strip out tired bathrooms and rebuild them properly: waterproofing to Australian Standards, tiling, frameless showers, freestanding baths, wall-hung vanities and shaving cabinets made to fit. Our licensed trades are coordinated by one project manager, so you know who is on site each day and when your bathroom will be back in use.',
    },
    'tv-units': {
      title: 'TV Units & Living Spaces',
      summary: 'Entertainment units and feature walls that hide the clutter.',
      description:
        'Floating TV cabinets, full-height media walls, fireplace surrounds and display shelving, built to the millimetre for your living room. We plan cable runs, ventilation for your devices and lighting in the niches, so the finished wall looks clean and everything still works.',
    },
    wardrobes: {
      title: 'Wardrobes & Storage Solutions',
      summary: 'Walk-in and built-in wardrobes with a place for everything.',
      description:
        'Walk-in robes, reach-in wardrobes with sliding or hinged doors, linen cupboards and under-stair storage. We measure what you own, then lay out hanging space, drawers, shoe shelves and accessories so mornings run smoothly, with internal lighting and mirrors where they help.',
    },
    study: {
      title: 'Study Units & Home Offices',
      summary: 'Workspaces that fit the room and close up neatly after hours.',
      description:
        'Built-in desks, bookshelves, filing drawers and overhead storage for a dedicated study or a nook off the living room. We build in cable management, power and lighting, and can add doors so the office disappears when the working day is done.',
    },
    laundry: {
      title: 'Laundry Fitouts',
      summary: 'Hard-working laundries with room to sort, fold and store.',
      description:
        'Full laundry renovations and cabinet fitouts with stacked or side-by-side appliances, deep sinks, pull-out hampers, broom cupboards and bench space for folding. Durable, moisture-resistant materials keep the room looking new for years.',
    },
    outdoor: {
      title: 'Outdoor BBQ Kitchens',
      summary: 'Alfresco kitchens built for Melbourne weather.',
      description:
        'Outdoor kitchens with built-in barbecues, sinks, bar fridges and storage, made from marine-grade and UV-stable materials that stand up to sun and rain. We design the layout around your deck or patio so cooking and entertaining happen in the same space.',
    },
  } satisfies Record<ServiceKey, { title: string; summary: string; description: string }>,
} as const;

/** The texts a page shows, each the owner's or its default (what `pageTexts` gives). */
export type PageTexts = ReturnType<typeof pageTexts>;

/** The texts a page shows: each one set, or its default. */
export function pageTexts(settings: Pick<SiteSettings, 'business' | 'texts'>) {
  const { texts } = settings;
  return {
    heroHeadline: texts.heroHeadline ?? defaultTexts.heroHeadline,
    heroIntro: texts.heroIntro ?? defaultTexts.heroIntro,
    highlights: texts.highlights ?? defaultTexts.highlights,
    aboutIntro: texts.aboutIntro ?? defaultTexts.aboutIntro,
    aboutStory: texts.aboutStory ?? defaultTexts.aboutStory(settings.business.brand),
    services: serviceKeys.map((key) => {
      const set = texts.services[key];
      const fallback = defaultTexts.services[key];
      return {
        key,
        title: set.title ?? fallback.title,
        summary: set.summary ?? fallback.summary,
        description: set.description ?? fallback.description,
      };
    }),
  };
}
