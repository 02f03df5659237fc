/** Business constants and limits of the product specification, section 9. */
export const limits = {
  phoneMinLength: 10,
  reviewTextMinLength: 10,
  reviewerNameMinLength: 2,
  ratingMin: 1,
  ratingMax: 5,
  modelNameMinLength: 3,
  modelDescriptionMinLength: 5,
  /** Not in the specification: a model's description is a paragraph or two. */
  modelDescriptionMaxLength: 2000,
  exposure: { min: 0, max: 2, step: 0.1, default: 0.6 },
  shadowIntensity: { min: 0, max: 1, step: 0.1, default: 0.5 },
  displayOrderDefault: 0,
  /** Not in the specification: labelled points on one model. */
  hotspotsMax: 20,
  hotspotLabelMaxLength: 80,
  /** Optimised models' textures are at most this many pixels on their longer side. */
  modelTextureMaxSize: 2048,
  /** 100 MB */
  glbMaxBytes: 104_857_600,
  /** 10 MB */
  thumbnailMaxBytes: 10_485_760,
  /** 30 MB: a full-resolution photo from a camera or phone. */
  photoMaxBytes: 31_457_280,
  /** A document staff attach (a quote's insurance certificate): 20 MB, a scanned certificate with room to spare. */
  documentMaxBytes: 20_971_520,
  galleryItems: 11,
  reviewSkeletonCards: 3,
  toastMax: 1,
  toastDurationMs: 5000,
  tooltipEnterDelayMs: 700,
  tooltipSkipDelayMs: 300,
  /** Not in the specification: upper bounds so no field can grow without limit. */
  textMaxLength: 200,
  /** A first or last name: it opens the customer's confirmation email and SMS. */
  nameMaxLength: 50,
  longTextMaxLength: 5000,
  pageMaxLength: 512,
  listDefaultLimit: 50,
  listMaxLimit: 200,
  /** Leads whose quotes one request reads (a page of lead cards). */
  quoteLeadsPerRequest: 50,
  /** A note on a lead. */
  leadNoteMaxLength: 2000,
  /** Status changes and notes kept on one lead; keeps a Firestore document well under its 1 MiB. */
  leadHistoryMax: 200,
  /** The admin list's search box. */
  leadSearchMaxLength: 100,
} as const;

export const reviewDateFormat = 'MMMM d, yyyy';

/**
 * The label a review sent through the customer's own link (a won lead's review request)
 * carries on the site and in the admin. Here rather than in review-invites.ts: the home page's
 * reviews already load this module, and the label alone should not cost them another.
 */
export const verifiedCustomerLabel = 'Verified customer';
