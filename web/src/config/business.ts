import type { BusinessSettings } from '@site/domain';

/**
 * The business settings: the one file the owner edits.
 *
 * Everything the site says about the business comes from here: the header's phone link, the
 * footer (address, email, social buttons), page titles, the schema.org data search engines
 * read, robots.txt and the sitemap.
 *
 * OWNER: replace every value below with the real one before going live. The phone number is
 * from the range the Australian regulator (ACMA) reserves for examples, and example.com is
 * reserved too, so nothing here reaches a real person by accident. A social button appears in
 * the footer only when its address is filled in; leave the ones you do not use undefined.
 * `siteUrl` can also be given at build time as VITE_SITE_URL (config/site-url.ts), and to the
 * server as SITE_URL. The server reads this file too, for the business's details in the
 * emails it sends, so it holds plain values only.
 */
export const business: BusinessSettings = {
  brand: 'Northcote Kitchens & Bathrooms',
  legalName: undefined,
  abn: undefined,
  phone: '(03) 7010 4620',
  phoneHref: '+61370104620',
  email: 'hello@example.com',
  address: {
    street: '12 Example Street',
    suburb: 'Richmond',
    state: 'VIC',
    postcode: '3121',
    country: 'AU',
  },
  siteUrl: 'https://www.example.com',
  areaServed: 'Melbourne, Victoria',
  instagramUrl: undefined,
  facebookUrl: undefined,
  pinterestUrl: undefined,
  googleBusinessUrl: undefined,
  // The same number of months as the server's LEAD_RETENTION_MONTHS (undefined while it is off):
  // the privacy policy tells customers how long their details are kept.
  leadRetentionMonths: undefined,
};
