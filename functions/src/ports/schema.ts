import type { SearchSpec } from './search';

/** The collections and their fields, shared by every Store adapter (SQLite columns, Firestore fields). */
export type ColumnKind = 'text' | 'int' | 'real' | 'bool' | 'json';

export interface TableSpec {
  name: string;
  columns: Record<string, ColumnKind>;
  /** Columns that may be absent (stored as NULL, read back as undefined). */
  optional?: readonly string[];
  unique?: readonly string[];
  /**
   * Fields the public must never see, even where a collection is publicly readable. The
   * Firestore adapter keeps them in a sibling document `${name}_private/{id}` that the rules
   * show to the admin only; such fields cannot be queried there. SQLite ignores this (one
   * table; the API decides what to show).
   */
  private?: readonly string[];
  /** Extra indexes, each a list of columns, matching the queries the routes make. */
  indexes?: readonly (readonly string[])[];
  /**
   * Values for fields a document stored before the field existed lacks (SQLite fills its
   * columns in a migration; Firestore documents are read with these).
   */
  defaults?: Readonly<Record<string, unknown>>;
  /** Like `defaults`, but the value of another field of the same document. */
  defaultsFrom?: Readonly<Record<string, string>>;
  /** The collection can be searched (FindQuery.search): see ports/search.ts. */
  search?: SearchSpec;
}

/** Where staff are with a lead: kept on inquiries and quote requests alike. */
const leadProgressColumns = { status: 'text', history: 'json', firstContactAt: 'text', updatedAt: 'text', searchTokens: 'json' } as const;
/** Where a lead came from: what the browser kept (json) and the channel derived from it. */
const leadOriginColumns = { source: 'json', channel: 'text' } as const;
/** The optional marketing-consent box: whether it was ticked, and when. */
const leadConsentColumns = { marketingConsent: 'bool', marketingConsentAt: 'text' } as const;
/** The customer's photos and PDF plans (LeadAttachment[]), as the admin reads them; kept up to date by their processing. */
const leadAttachmentColumns = { attachments: 'json' } as const;
/** Its newest sent quote: status, total and deposit, for the admin's lists (services/quote-shared.ts `summarize` keeps it). */
const leadQuoteColumns = { quoteSummary: 'json' } as const;
/**
 * The follow-up reminder: when it is due (set as the lead arrives, from FOLLOW_UP_AFTER_HOURS
 * and BUSINESS_HOURS), `pending` until it is queued and `reminded` after, and when that was.
 * `followUp` exists because Firestore cannot filter on a missing `followUpRemindedAt`; all
 * three are absent on a lead that arrived while reminders were off.
 */
const leadFollowUpColumns = { followUpDueAt: 'text', followUp: 'text', followUpRemindedAt: 'text' } as const;
/** What the two lead tables share besides those columns. */
/** A lead's search: by the customer's names (also together), email and one more field. */
const leadSearch = (more: SearchSpec['fields']): SearchSpec => ({
  field: 'searchTokens',
  fields: { firstName: 'text', lastName: 'text', email: 'email', ...more },
  phrases: [['firstName', 'lastName']],
});

const leadOptions = {
  optional: [
    'attachments',
    'firstContactAt',
    'source',
    'channel',
    'marketingConsent',
    'marketingConsentAt',
    'followUpDueAt',
    'followUp',
    'followUpRemindedAt',
    'quoteSummary',
  ],
  // The lists filter by status and search, newest first; the dashboard's median reads recent first contacts;
  // the Sources view counts a period's leads per channel and status.
  indexes: [
    ['createdAt', 'id'],
    ['status', 'createdAt', 'id'],
    ['firstContactAt', 'id'],
    ['channel', 'status', 'createdAt', 'id'],
    // LEAD_RETENTION_MONTHS: won and lost leads unchanged since a cutoff.
    ['status', 'updatedAt', 'id'],
    // Follow-up reminders due, and the dashboard's overdue count.
    ['status', 'followUp', 'followUpDueAt', 'id'],
    ['status', 'followUpDueAt', 'id'],
  ],
  // Leads stored before statuses are new, with no history; before updatedAt, unchanged since arrival;
  // before sources, Direct. (A lead from before the consent box has no marketingConsent: it did not tick it.)
  defaults: { status: 'new', history: [], channel: 'Direct' },
  defaultsFrom: { updatedAt: 'createdAt' },
} as const satisfies Partial<TableSpec>;

export const tables = {
  users: {
    name: 'users',
    columns: {
      id: 'text',
      username: 'text',
      password: 'text',
      createdAt: 'text',
      totpSecret: 'text',
      totpPending: 'text',
      totpLastStep: 'int',
      recoveryCodes: 'json',
      passkeys: 'json',
    },
    optional: ['totpSecret', 'totpPending', 'totpLastStep'],
    unique: ['username'],
    // Admins from before second factors have none.
    defaults: { recoveryCodes: [], passkeys: [] },
  },
  sessions: {
    name: 'sessions',
    columns: {
      id: 'text',
      userId: 'text',
      username: 'text',
      createdAt: 'text',
      expiresAt: 'text',
      lastSeenAt: 'text',
      ipAddress: 'text',
      userAgent: 'text',
      mfaSetupRequired: 'bool',
      passkeyChallenge: 'text',
    },
    optional: ['passkeyChallenge'],
    indexes: [['expiresAt'], ['userId']],
    // Sessions from before idle timeouts were last seen when they started.
    defaults: { ipAddress: '', userAgent: '', mfaSetupRequired: false },
    defaultsFrom: { lastSeenAt: 'createdAt' },
  },
  loginChallenges: {
    name: 'login_challenges',
    columns: {
      id: 'text',
      userId: 'text',
      username: 'text',
      methods: 'json',
      passkeyChallenge: 'text',
      attempts: 'int',
      createdAt: 'text',
      expiresAt: 'text',
    },
    optional: ['passkeyChallenge'],
    indexes: [['expiresAt', 'id']],
  },
  loginDevices: {
    name: 'login_devices',
    columns: { id: 'text', userId: 'text', username: 'text', createdAt: 'text', expiresAt: 'text' },
    indexes: [['expiresAt', 'id'], ['userId']],
  },
  audit: {
    name: 'audit_log',
    columns: {
      id: 'text',
      at: 'text',
      userId: 'text',
      username: 'text',
      ipAddress: 'text',
      userAgent: 'text',
      action: 'text',
      target: 'text',
      detail: 'text',
    },
    optional: ['userId', 'target', 'detail'],
    indexes: [['at', 'id']],
  },
  inquiries: {
    name: 'project_inquiries',
    columns: {
      id: 'text',
      rooms: 'json',
      budget: 'text',
      timeline: 'text',
      firstName: 'text',
      lastName: 'text',
      email: 'text',
      phone: 'text',
      createdAt: 'text',
      ...leadProgressColumns,
      ...leadOriginColumns,
      ...leadFollowUpColumns,
      ...leadConsentColumns,
      ...leadAttachmentColumns,
      ...leadQuoteColumns,
      modelId: 'text',
      modelName: 'text',
      variant: 'text',
    },
    ...leadOptions,
    // The showroom design the customer enquired about, when they came from "Enquire about this design".
    optional: [...leadOptions.optional, 'modelId', 'modelName', 'variant'],
    search: leadSearch({ phone: 'phone' }),
  },
  quotes: {
    name: 'quote_requests',
    columns: {
      id: 'text',
      firstName: 'text',
      lastName: 'text',
      email: 'text',
      suburb: 'text',
      room: 'text',
      createdAt: 'text',
      ...leadProgressColumns,
      ...leadOriginColumns,
      ...leadFollowUpColumns,
      ...leadConsentColumns,
      ...leadAttachmentColumns,
      ...leadQuoteColumns,
      bookingId: 'text',
    },
    ...leadOptions,
    optional: [...leadOptions.optional, 'bookingId'],
    search: leadSearch({ suburb: 'text' }),
  },
  reviews: {
    name: 'reviews',
    columns: {
      id: 'text',
      customerName: 'text',
      rating: 'int',
      reviewText: 'text',
      email: 'text',
      approved: 'bool',
      createdAt: 'text',
      verified: 'bool',
      leadId: 'text',
    },
    optional: ['email', 'leadId'],
    // Approved reviews are publicly readable in Firestore: the reviewer's email and lead must not be.
    private: ['email', 'leadId'],
    indexes: [
      ['createdAt', 'id'],
      ['approved', 'createdAt', 'id'],
    ],
    // Reviews from before review requests were not sent through a customer's own link.
    defaults: { verified: false },
  },
  /** A won lead's review request; its link carries the id signed with the site's link key. */
  reviewInvites: {
    name: 'review_invites',
    columns: {
      id: 'text',
      leadKind: 'text',
      leadId: 'text',
      name: 'text',
      email: 'text',
      createdAt: 'text',
      expiresAt: 'text',
      used: 'bool',
      usedAt: 'text',
      reviewId: 'text',
      reminder: 'text',
      reminderDueAt: 'text',
    },
    optional: ['usedAt', 'reviewId'],
    // The reminder job reads the pending reminders that are due, oldest first; requests long
    // expired are deleted by their expiry.
    indexes: [
      ['reminder', 'reminderDueAt', 'id'],
      ['expiresAt', 'id'],
    ],
  },
  /** Addresses that unsubscribed from review requests and reminders: the id is the sha256 of the address, trimmed and lower-cased. */
  emailSuppressions: {
    name: 'email_suppressions',
    columns: { id: 'text', createdAt: 'text', via: 'text' },
  },
  visitors: {
    name: 'visitor_tracking',
    columns: { id: 'text', page: 'text', userAgent: 'text', ipAddress: 'text', visitedAt: 'text', visitorKey: 'text' },
    optional: ['userAgent', 'ipAddress', 'visitorKey'],
    indexes: [['visitedAt', 'id']],
  },
  /**
   * One marker per visitor per Melbourne day, id `{day}_{visitorKey}`, created once: Firestore
   * cannot count distinct values, so unique visitors of a day are a count of the markers created
   * (at each visitor's first visit) within it.
   */
  visitorDays: {
    name: 'visitor_days',
    columns: { id: 'text', day: 'text', createdAt: 'text' },
    indexes: [['createdAt', 'id']],
  },
  /** The salt of each Melbourne day's visitor keys (id: the day); deleted after a day or two, so old keys cannot be traced back. */
  visitorSalts: {
    name: 'visitor_salts',
    columns: { id: 'text', salt: 'text', createdAt: 'text' },
    indexes: [['createdAt', 'id']],
  },
  models: {
    name: 'models_3d',
    columns: {
      id: 'text',
      name: 'text',
      description: 'text',
      modelUrl: 'text',
      thumbnailUrl: 'text',
      exposure: 'real',
      shadowIntensity: 'real',
      displayOrder: 'int',
      createdAt: 'text',
      originalUrl: 'text',
      arUrl: 'text',
      processing: 'text',
      processingError: 'text',
      stats: 'json',
      variants: 'json',
      hotspots: 'json',
    },
    optional: ['arUrl', 'processingError', 'stats'],
    // The list in order, and the models still waiting for their optimisation (picked up again after a restart).
    indexes: [['displayOrder', 'id'], ['processing']],
    // Models stored before optimisation were never optimised: they wait for it, with their upload as their original.
    defaults: { processing: 'pending', variants: [], hotspots: [] },
    defaultsFrom: { originalUrl: 'modelUrl' },
  },
  /** The portfolio. Photos (with their processed files) are kept inside the project document. */
  projects: {
    name: 'projects',
    columns: {
      id: 'text',
      slug: 'text',
      title: 'text',
      category: 'text',
      suburb: 'text',
      summary: 'text',
      photos: 'json',
      cover: 'text',
      before: 'json',
      after: 'json',
      modelId: 'text',
      reviewId: 'text',
      published: 'bool',
      featured: 'bool',
      displayOrder: 'int',
      processing: 'bool',
      createdAt: 'text',
      updatedAt: 'text',
    },
    optional: ['before', 'after', 'modelId', 'reviewId'],
    unique: ['slug'],
    // The public list (published, in order), the admin list (all, in order), and the photos still being processed.
    indexes: [['published', 'displayOrder', 'id'], ['displayOrder', 'id'], ['processing']],
  },
  objects: {
    name: 'stored_objects',
    columns: {
      id: 'text',
      key: 'text',
      url: 'text',
      kind: 'text',
      contentType: 'text',
      size: 'int',
      attached: 'bool',
      createdAt: 'text',
      processed: 'json',
    },
    // Only photos have processed files.
    optional: ['processed'],
    unique: ['key', 'url'],
    indexes: [['attached', 'createdAt', 'id']],
  },
  /**
   * Customers' photos and PDF plans on leads. A photo's upload (`key`, with the camera's GPS
   * position in it) is deleted once its upright, metadata-free copies (`fullKey`,
   * `thumbnailKey`) are made; a PDF is kept as uploaded. `attached` with `leadKind`/`leadId`
   * once a submitted lead names it; unattached ones are deleted after a day.
   */
  attachments: {
    name: 'lead_attachments',
    columns: {
      id: 'text',
      name: 'text',
      kind: 'text',
      contentType: 'text',
      size: 'int',
      createdAt: 'text',
      attached: 'bool',
      leadKind: 'text',
      leadId: 'text',
      key: 'text',
      fullKey: 'text',
      thumbnailKey: 'text',
      width: 'int',
      height: 'int',
      processing: 'text',
    },
    optional: ['leadKind', 'leadId', 'key', 'fullKey', 'thumbnailKey', 'width', 'height', 'processing'],
    // The sweep of unattached uploads, a lead's files when it is deleted, and the photos still to process after a restart.
    indexes: [['attached', 'createdAt', 'id'], ['leadId'], ['processing']],
  },
  /** Single-use upload URLs of customer attachments: the id is the sha256 of the URL's token. */
  attachmentTickets: {
    name: 'attachment_tickets',
    columns: { id: 'text', contentType: 'text', name: 'text', size: 'int', used: 'bool', createdAt: 'text', expiresAt: 'text' },
    indexes: [['expiresAt', 'id']],
  },
  /**
   * Bytes customers uploaded per client address (hashed) by the hour, and of uploads not on a
   * lead yet; stale client records are deleted by the hourly sweep.
   */
  uploadQuotas: {
    name: 'upload_quotas',
    columns: { id: 'text', bytes: 'int', hours: 'json', updatedAt: 'text' },
    optional: ['hours'],
    indexes: [['updatedAt', 'id']],
  },
  /** Random keys the server signs links with (id: what they sign, e.g. `attachments`); made on first use. */
  signingKeys: {
    name: 'signing_keys',
    columns: { id: 'text', secret: 'text', createdAt: 'text' },
  },
  /**
   * Booked site measures. The calendar reads the booked ones by start (availability, the
   * admin's week, the feed); the reminder job the pending reminders that are due; a lead's
   * deletion its booking.
   */
  bookings: {
    name: 'bookings',
    columns: {
      id: 'text',
      status: 'text',
      service: 'text',
      start: 'text',
      end: 'text',
      firstName: 'text',
      lastName: 'text',
      email: 'text',
      mobile: 'text',
      street: 'text',
      suburb: 'text',
      postcode: 'text',
      notes: 'text',
      leadId: 'text',
      createdAt: 'text',
      updatedAt: 'text',
      cancelledBy: 'text',
      sequence: 'int',
      reminder: 'text',
      reminderDueAt: 'text',
      cells: 'json',
      linkResentAt: 'text',
    },
    optional: ['notes', 'cancelledBy', 'linkResentAt'],
    indexes: [['status', 'start', 'id'], ['start', 'id'], ['status', 'reminder', 'reminderDueAt', 'id'], ['leadId']],
  },
  /** Time staff keep free of visits (leave, another job), read by start like the bookings. */
  bookingBlocks: {
    name: 'booking_blocks',
    columns: { id: 'text', start: 'text', end: 'text', label: 'text', createdAt: 'text', createdBy: 'text', cells: 'json' },
    optional: ['createdBy'],
    indexes: [['start', 'id']],
  },
  /**
   * Quotes staff send to a lead's customer, each version its own document sharing the quote's
   * number. Read by lead (the admin's list and the customer's page).
   */
  quoteVersions: {
    name: 'quotes',
    columns: {
      id: 'text',
      leadKind: 'text',
      leadId: 'text',
      number: 'text',
      version: 'int',
      status: 'text',
      items: 'json',
      validDays: 'int',
      notes: 'text',
      terms: 'text',
      createdAt: 'text',
      updatedAt: 'text',
      sentAt: 'text',
      validUntil: 'text',
      acceptance: 'json',
      declined: 'json',
      deposit: 'json',
      replacedBy: 'text',
      nextDraftId: 'text',
      siteAddress: 'text',
      startDate: 'text',
      startWithinWeeks: 'int',
      completionWeeks: 'int',
      insurance: 'json',
      coolingOffEndsAt: 'text',
      withdrawal: 'json',
    },
    optional: [
      'notes',
      'terms',
      'sentAt',
      'validUntil',
      'acceptance',
      'declined',
      'deposit',
      'replacedBy',
      'nextDraftId',
      'siteAddress',
      'startDate',
      'startWithinWeeks',
      'completionWeeks',
      'insurance',
      'coolingOffEndsAt',
      'withdrawal',
    ],
    indexes: [['leadId', 'createdAt', 'id']],
  },
  /** The quote number counter (one document, id `quotes`). */
  quoteCounters: {
    name: 'quote_counters',
    columns: { id: 'text', next: 'int' },
  },
  /** Stripe webhook events already handled (id: the event's). */
  stripeEvents: {
    name: 'stripe_events',
    columns: { id: 'text', type: 'text', receivedAt: 'text' },
  },
  uploadTickets: {
    name: 'upload_tickets',
    columns: { id: 'text', kind: 'text', userId: 'text', used: 'bool', createdAt: 'text', expiresAt: 'text' },
    indexes: [['expiresAt', 'id']],
  },
} as const satisfies Record<string, TableSpec>;

export type TableKey = keyof typeof tables;
