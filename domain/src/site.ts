/** The business as pages and messages show it: made from the stored settings by `businessOf`. */
export interface BusinessSettings {
  brand: string;
  legalName?: string;
  /** The Australian Business Number, shown on the privacy policy when given. */
  abn?: string;
  /** The builder's registration under the Building Act 1993, shown in the footer and on quotes when given. */
  registrationNumber?: string;
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
  houzzUrl?: string;
  googleBusinessUrl?: string;
  /**
   * How long won and lost leads are kept, in months, or undefined when they are kept until
   * someone asks: one setting drives both the retention job and what the privacy policy says.
   */
  leadRetentionMonths?: number;
}
