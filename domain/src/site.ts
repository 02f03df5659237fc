/** The business settings the owner edits (web/src/config/business.ts fills them). */
export interface BusinessSettings {
  brand: string;
  legalName?: string;
  phone: string;
  /** E.164 form for the tel: link, e.g. +61390001234 */
  phoneHref: string;
  email: string;
  address: {
    street: string;
    suburb: string;
    state: string;
    postcode: string;
    country: string;
  };
  siteUrl: string;
  areaServed: string;
  instagramUrl?: string;
  facebookUrl?: string;
  pinterestUrl?: string;
  googleBusinessUrl?: string;
}
