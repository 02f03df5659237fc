import type { BookingAlertStore, BookingBlockRecord, BookingRecord, BookingSlotStore } from './bookings';
import { InvalidError } from './errors';
import type { MessageStore } from './messages';
import type { QuoteCounterRecord, QuoteRecord, StripeEventRecord } from './quotes';
import type { PersonalDataStore } from './privacy';
import type { SettingsStore } from './settings';
import type {
  AttachmentKind,
  AttachmentProcessing,
  AuditEntry,
  Inquiry,
  Model3d,
  Project,
  PublicPhoto,
  QuoteRequest,
  Review,
  UploadKind,
  Visitor,
} from '@site/domain';

/**
 * The persistence port. It offers only what Firestore can answer (equality filters,
 * one order plus a range on that same field, limits, cursors, counts, batched writes,
 * single-document compare-and-set and read-modify-write, and array-contains on a
 * collection's search tokens), so the SQLite and Firestore adapters both honour it.
 */
export type Scalar = string | number | boolean;
export type Where<T> = Partial<{ [K in keyof T & string]: T[K] & Scalar }>;

export interface FindQuery<T> {
  where?: Where<T>;
  orderBy: keyof T & string;
  direction: 'asc' | 'desc';
  limit: number;
  /** Opaque cursor from a previous page's `next`. */
  after?: string;
  /** Only documents whose `orderBy` field is strictly less than this value. */
  lessThan?: Scalar;
  /** Only documents whose `orderBy` field is at least this value (documents without it never match). */
  atLeast?: Scalar;
  /**
   * Only documents one of whose search tokens equals this term (see ports/search.ts
   * `searchTerm`); only for collections whose TableSpec has `search`.
   */
  search?: string;
}

export interface Range<T> {
  field: keyof T & string;
  from: Scalar;
  to: Scalar;
}

export interface Page<T> {
  items: T[];
  /** Present when more documents may follow. */
  next?: string;
}

export interface Collection<T extends { id: string }> {
  /** Stores a new document; throws ConflictError when a unique field is taken. */
  insert(doc: T): Promise<T>;
  get(id: string): Promise<T | null>;
  findOne(where: Where<T>): Promise<T | null>;
  find(query: FindQuery<T>): Promise<Page<T>>;
  /** A count query; `range` keeps documents whose `field` is in [from, to); `search` as in FindQuery. */
  count(where?: Where<T>, range?: Range<T>, search?: string): Promise<number>;
  /** Returns the updated document, or null when it does not exist. */
  update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T | null>;
  /** Atomically applies `patch` only if every field of `expected` still holds. */
  updateIf(id: string, expected: Where<T>, patch: Partial<Omit<T, 'id'>>): Promise<boolean>;
  /**
   * Reads the document and applies the patch `change` makes of it, atomically: no other write
   * to it lands in between (Firestore may call `change` again after a conflict, so it must
   * not have side effects). `change` returns null to leave the document as it is. Returns the
   * document afterwards, or null when it does not exist.
   */
  transform(id: string, change: (current: T) => Partial<Omit<T, 'id'>> | null): Promise<T | null>;
  /** Applies all updates in one atomic batch; throws NotFoundError (and writes nothing) if one is missing. */
  updateMany(updates: ReadonlyArray<{ id: string; patch: Partial<Omit<T, 'id'>> }>): Promise<void>;
  delete(id: string): Promise<boolean>;
  deleteMany(ids: readonly string[]): Promise<void>;
}

/** A passkey (WebAuthn credential) an admin registered. */
export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

export interface UserRecord {
  id: string;
  username: string;
  /** scrypt hash in the form scrypt$N$r$p$salt$hash */
  password: string;
  createdAt: string;
  /** The TOTP secret (base32) once confirmed; absent while the authenticator app is off. */
  totpSecret?: string;
  /** A secret shown for enrolment and not yet confirmed with a code. */
  totpPending?: string;
  /** The last TOTP time step accepted: a code works once. */
  totpLastStep?: number;
  /** sha256 of each unused recovery code. */
  recoveryCodes: string[];
  passkeys: PasskeyRecord[];
}

export interface SessionRecord {
  /** sha256 of the cookie token: a stolen database does not yield live sessions. */
  id: string;
  userId: string;
  username: string;
  createdAt: string;
  expiresAt: string;
  /** Updated at most once a minute; the session ends when it is older than the idle timeout. */
  lastSeenAt: string;
  ipAddress: string;
  userAgent: string;
  /** REQUIRE_MFA and no second factor yet: the session may only set one up. */
  mfaSetupRequired: boolean;
  /** The WebAuthn challenge of a passkey registration under way. */
  passkeyChallenge?: string;
}

/** A sign-in whose password was right, waiting for its second factor. */
export interface LoginChallengeRecord {
  /** sha256 of the token in the cookie. */
  id: string;
  userId: string;
  username: string;
  methods: string[];
  /** The WebAuthn challenge, once the browser asked for passkey options. */
  passkeyChallenge?: string;
  /** Wrong codes so far; the challenge ends after a few. */
  attempts: number;
  createdAt: string;
  expiresAt: string;
}

/** A browser that completed a sign-in as this admin (a device cookie). */
export interface LoginDeviceRecord {
  /** sha256 of the token in the cookie. */
  id: string;
  userId: string;
  username: string;
  createdAt: string;
  expiresAt: string;
}

export type AuditRecord = AuditEntry;

export interface StoredObjectRecord {
  id: string;
  /** Key in the object store, e.g. models/abc.glb */
  key: string;
  /** The location given to the client and saved as modelUrl or thumbnailUrl. */
  url: string;
  kind: UploadKind;
  contentType: string;
  /** Bytes; 0 while a file uploaded straight to the object store has not been checked yet. */
  size: number;
  attached: boolean;
  createdAt: string;
  /** A photo's processed files, once made: what a project shows of it. */
  processed?: PublicPhotoFiles;
}

/** What processing a photo gives, besides its alt text. */
export type PublicPhotoFiles = Omit<PublicPhoto, 'alt'>;

export interface UploadTicketRecord {
  /** sha256 of the token in the upload URL. */
  id: string;
  /** Empty when the kind is decided by the content. */
  kind: UploadKind | '';
  userId: string;
  used: boolean;
  createdAt: string;
  expiresAt: string;
}

/** A review request (see ports/schema.ts reviewInvites); its link is the id and a signature of it. */
export interface ReviewInviteRecord {
  id: string;
  leadKind: 'inquiry' | 'quote';
  leadId: string;
  /** The customer's name as the form fills it in. */
  name: string;
  email: string;
  createdAt: string;
  expiresAt: string;
  used: boolean;
  usedAt?: string;
  reviewId?: string;
  /** The one reminder: `pending` until due, `sending` once claimed, then `sent` or `skipped`. */
  reminder: 'pending' | 'sending' | 'sent' | 'skipped';
  reminderDueAt: string;
}

/** An address that unsubscribed; the id is the sha256 of the normalised address. */
export interface EmailSuppressionRecord {
  id: string;
  createdAt: string;
  /** `link`: the unsubscribe page; `one-click`: a mail client's List-Unsubscribe-Post. */
  via: 'link' | 'one-click';
}

/** A customer's photo or PDF plan (see ports/schema.ts attachments). */
export interface AttachmentRecord {
  id: string;
  /** The file's name on the customer's device. */
  name: string;
  kind: AttachmentKind;
  /** The uploaded file's type, decided by its content. */
  contentType: string;
  /** Bytes uploaded. */
  size: number;
  createdAt: string;
  attached: boolean;
  leadKind?: 'inquiry' | 'quote';
  leadId?: string;
  /** The upload as received: a PDF's file, or a photo's original until it is processed. */
  key?: string;
  /** A photo's upright, metadata-free copies. */
  fullKey?: string;
  thumbnailKey?: string;
  width?: number;
  height?: number;
  /** Photos only. */
  processing?: AttachmentProcessing;
}

/** A single-use upload URL for one customer attachment (sha256 of its token as id). */
export interface AttachmentTicketRecord {
  id: string;
  contentType: string;
  name: string;
  size: number;
  used: boolean;
  createdAt: string;
  expiresAt: string;
}

/**
 * What customers' uploads have used (services/upload-quota.ts): `client:{sha256 of the
 * address}` with the bytes it uploaded per hour, or `unattached` with the bytes of every
 * upload not on a lead yet (and of uploads under way).
 */
export interface UploadQuotaRecord {
  id: string;
  bytes: number;
  /** A client's bytes per hour, keyed by the hour's start (ms since 1970). */
  hours?: Record<string, number>;
  updatedAt: string;
}

/** A random key the server signs links with; the id names what it signs. */
export interface SigningKeyRecord {
  id: string;
  /** 32 random bytes, base64url. */
  secret: string;
  createdAt: string;
}

/** A visitor seen on a Melbourne day: the id is `{day}_{visitorKey}`. */
export interface VisitorDayRecord {
  id: string;
  /** yyyy-MM-dd, Melbourne */
  day: string;
  createdAt: string;
}

/** The random salt of one Melbourne day's visitor keys; the id is the day. */
export interface VisitorSaltRecord {
  id: string;
  salt: string;
  createdAt: string;
}

export interface Store {
  users: Collection<UserRecord>;
  sessions: Collection<SessionRecord>;
  inquiries: Collection<Inquiry>;
  quotes: Collection<QuoteRequest>;
  reviews: Collection<Review>;
  visitors: Collection<Visitor>;
  visitorDays: Collection<VisitorDayRecord>;
  visitorSalts: Collection<VisitorSaltRecord>;
  models: Collection<Model3d>;
  projects: Collection<Project>;
  objects: Collection<StoredObjectRecord>;
  uploadTickets: Collection<UploadTicketRecord>;
  attachments: Collection<AttachmentRecord>;
  attachmentTickets: Collection<AttachmentTicketRecord>;
  uploadQuotas: Collection<UploadQuotaRecord>;
  signingKeys: Collection<SigningKeyRecord>;
  loginChallenges: Collection<LoginChallengeRecord>;
  loginDevices: Collection<LoginDeviceRecord>;
  audit: Collection<AuditRecord>;
  reviewInvites: Collection<ReviewInviteRecord>;
  emailSuppressions: Collection<EmailSuppressionRecord>;
  /** Booked site measures and staff's blocked time; written through `bookingSlots`, which holds their grid cells. */
  bookings: Collection<BookingRecord>;
  bookingBlocks: Collection<BookingBlockRecord>;
  bookingSlots: BookingSlotStore;
  /** Staff alerts about bookings counted per business day, and those past the day's allowance held for its digest. */
  bookingAlerts: BookingAlertStore;
  /** Quotes sent to leads' customers (each version a record), their numbers, and the Stripe events handled. */
  quoteVersions: Collection<QuoteRecord>;
  quoteCounters: Collection<QuoteCounterRecord>;
  stripeEvents: Collection<StripeEventRecord>;
  /** Emails and SMS about leads, queued in the lead's own transaction. */
  messages: MessageStore;
  /** The Privacy tool's lookups of a person's reviews and messages by address. */
  personal: PersonalDataStore;
  /** The business settings: one document, saved compare-and-set on its version. */
  settings: SettingsStore;
  /**
   * The id of a new lead (an inquiry or a quote request), the one write customers make in
   * bursts. SQLite: time-ordered (`newTimeOrderedId`), so the lead's and its messages' keys
   * append to their indexes instead of each dirtying a random page. Firestore: random
   * (`newId`), as Firestore's best practices ask: sequential ids make a hotspot of one key range.
   */
  newLeadId(): string;
  close(): Promise<void>;
}

/** Cursors carry the last document's order value and id; both adapters share this encoding. */
export interface CursorValue {
  v: Scalar;
  id: string;
}

export function encodeCursor(value: CursorValue): string {
  return Buffer.from(JSON.stringify([value.v, value.id]), 'utf8').toString('base64url');
}

/** Returns null for anything that is not a cursor this module made. */
export function decodeCursor(cursor: string): CursorValue | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [v, id] = parsed as unknown[];
    if (typeof id !== 'string' || !['string', 'number', 'boolean'].includes(typeof v)) return null;
    return { v: v as Scalar, id };
  } catch {
    return null;
  }
}

/** A cursor this module did not make (or a list's cursor given to another). */
export class InvalidCursorError extends InvalidError {
  constructor() {
    super('Invalid cursor', { cursor: 'Invalid cursor' });
  }
}
