/** The business settings the owner edits (web/src/config/business.ts fills them). */
export interface BusinessSettings {
  brand: string;
  legalName?: string;
  /** The Australian Business Number, shown on the privacy policy when given. */
  abn?: string;
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
  /**
   * What the privacy policy says about how long won and lost leads are kept: the months set as
   * the server's LEAD_RETENTION_MONTHS, or undefined when it is off (kept until someone asks).
   */
  leadRetentionMonths?: number;
}
