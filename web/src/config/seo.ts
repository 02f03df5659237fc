import type { PageTexts } from '@site/domain';
import { paths } from './paths';

/** What the home and about pages claim: the owner's own texts, never fixed here. */
type Claims = Pick<PageTexts, 'highlights' | 'aboutIntro'>;

/** Ends a text with a full stop unless it ends a sentence already. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * Each page's title (PageMeta adds the business's name), description and keywords: every page
 * sets its own. The home and about descriptions repeat the owner's highlights and intro, so a
 * search result never claims what the pages no longer say.
 */
export const pageSeo = (business: { brand: string }, claims?: Claims) => ({
  [paths.home]: {
    title: 'Custom Kitchen & Bathroom Designs in Melbourne, Free Quotes',
    description: `${business.brand} designs and builds custom kitchens, bathrooms, wardrobes and living spaces across Melbourne.${
      claims?.highlights.length ? ` ${sentence(claims.highlights.join(', '))}` : ''
    } Free, detailed quotes.`,
    keywords: 'kitchen renovations Melbourne, bathroom renovations Melbourne, custom kitchens, custom wardrobes, free renovation quote',
  },
  [paths.about]: {
    title: 'About Us',
    description: `Meet ${business.brand}: ${claims ? sentence(claims.aboutIntro) : 'a Melbourne team designing and building bespoke kitchens and bathrooms.'}`,
    keywords: 'bespoke kitchens Melbourne, bathroom renovation company, cabinet makers Melbourne, about us',
  },
  [paths.services]: {
    title: 'Renovation Services: Kitchens, Bathrooms, Wardrobes & More',
    description:
      'Kitchen and bathroom renovations, TV units, wardrobes, study units, laundry fitouts and outdoor BBQ kitchens, designed and built to measure in Melbourne.',
    keywords:
      'kitchen renovations, bathroom renovations, TV units, wardrobes, home office joinery, laundry fitouts, outdoor kitchens Melbourne',
  },
  [paths.gallery]: {
    title: 'Project Gallery: Kitchens, Wardrobes & Entertainment Units',
    description:
      'Browse recent custom kitchens, walk-in and built-in wardrobes and entertainment units we have designed and built across Melbourne.',
    keywords: 'kitchen renovation gallery, custom wardrobe ideas, entertainment unit designs, Melbourne renovation projects',
  },
  [paths.showroom]: {
    title: 'Virtual Showroom: 3D Kitchen, Bathroom & Wardrobe Designs',
    description:
      'Explore our kitchens, bathroom vanities and wardrobes in 3D: turn, zoom and view them in your own space with AR on supported phones.',
    keywords: 'virtual showroom, 3D kitchen designs, bathroom vanity 3D, wardrobe designs, Melbourne cabinetry',
  },
  notFound: {
    title: 'Page Not Found',
    description: 'The page you are looking for does not exist.',
    keywords: 'page not found',
  },
});
