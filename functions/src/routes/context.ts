import type { RequestHandler } from 'express';
import type { DashboardStart, GoLiveItem, LeadSourcesReport, MessageChannel, User } from '@site/domain';
import type { Log } from '../ports/log';
import type { Sessions } from '../auth/sessions';
import type { Limits } from '../http/rate-limit';
import type { ChangeFeed } from '../ports/change-feed';
import type { Clock } from '../ports/clock';
import type { ObjectStore } from '../ports/object-store';
import type { MessagePolicy } from '../message-settings';
import type { MessageSettings } from '../services/lead-messages';
import type { AuditTrail } from '../services/audit';
import type { Attachments } from '../services/attachments';
import type { StaffCalendar } from '../services/booking-calendar';
import type { CustomerBookings } from '../services/bookings';
import type { CalendarFeed } from '../services/calendar-feed';
import type { LeadService } from '../services/leads';
import type { ModelProcessing } from '../services/model-processing';
import type { PublicReviews } from '../services/public-reviews';
import type { ReviewRequests } from '../services/review-requests';
import type { SettingsService } from '../services/settings';
import type { DirectSenders } from '../services/go-live';
import type { Uploads } from '../services/uploads';
import type { SiteJobs } from '../jobs/site-jobs';
import type { MessageQueue } from '../services/message-queue';
import type { PrivacyRequests } from '../services/privacy';
import type { Visitors } from '../services/visitors';
import type { AccountService } from '../services/account';
import type { Portfolio } from '../services/portfolio';
import type { SignInService } from '../services/sign-in';
import type { Reviews } from '../services/reviews';
import type { Showroom } from '../services/showroom';

/** How emails and SMS about leads leave: the server's limits on them, and who sends them. */
export interface Delivery {
  /** Where customer SMS may go and how many a customer gets a day; what they say comes from the business settings. */
  policy: MessagePolicy;
  /** Whether this server can send each channel; null where an extension sends (Firebase). */
  configured: Record<MessageChannel, boolean | null>;
  /** Tells the embedded sender that messages were queued; absent where extensions send. */
  wake?: () => void;
  /** The embedded server's senders, for a test message sent at once; absent where extensions send. */
  senders?: DirectSenders;
}

/** What every route module receives. Built once by createApp. */
export interface RouteContext {
  /** The signed-in admin's own account: second factors, password, sessions. */
  account: AccountService;
  /** Sign-in with the password and a second factor, and registration. */
  signIn: SignInService;
  /** The showroom's 3D models: the list and the admin's changes. */
  showroom: Showroom;
  /** The portfolio's projects: the public pages' data and the admin's changes. */
  portfolio: Portfolio;
  /** Reviews as written, and the admin's approval and deletion. */
  reviews: Reviews;
  /** The emails and SMS about leads: their delivery, retries, each lead's. */
  messages: MessageQueue;
  /** The site's visits and unique visitors. */
  visitors: Visitors;
  /** The Privacy tool: a person's records, their export and erasure. */
  privacy: PrivacyRequests;
  /** Leads, quoted and won per channel and campaign over a period. */
  leadSources: (from: Date, to: Date) => Promise<LeadSourcesReport>;
  /** The go-live checklist: what the owner still has to set up before the site takes leads. */
  goLiveItems: () => Promise<GoLiveItem[]>;
  /** The staff dashboard's first screen for a signed-in admin, in one answer (services/dashboard.ts). */
  dashboard: (user: User) => Promise<DashboardStart>;
  objects: ObjectStore;
  feed: ChangeFeed;
  clock: Clock;
  delivery: Delivery;
  sessions: Sessions;
  /** Who did what: sign-ins, account changes and every change an admin makes. */
  audit: AuditTrail;
  /** REQUIRE_MFA: every admin must set up a second factor at their next sign-in. */
  requireMfa: boolean;
  uploads: Uploads;
  /** The approved reviews the public pages list, kept in memory until a review changes (or `reviewsCacheMs`). */
  publicReviews: PublicReviews;
  /** Won leads' review requests, their reminders, and unsubscribes. */
  reviewRequests: ReviewRequests;
  /** Showroom models' optimisation after they are saved. */
  models: ModelProcessing;
  /** Customers' photos and PDF plans on leads. */
  attachments: Attachments;
  /** The leads' use cases: submission with files and messages, staff's updates, deletion, figures. */
  leads: LeadService;
  /** Booking a free site measure as the customer does: free times, booking, their link to move or cancel, the reminders. */
  bookings: CustomerBookings;
  /** Staff's calendar of site measures: visits, moves, cancellations, blocked time and the busy day's digest. */
  calendar: StaffCalendar;
  /** The private iCalendar feed of the booked visits, at its secret address. */
  calendarFeed: CalendarFeed;
  /** The background work of every kind (jobs/): models and photos queued after the answer, reminders, maintenance. */
  jobs: SiteJobs;
  limits: Limits;
  /** The public POST routes' client check (App Check in Firebase mode); passes everything when off. */
  verifiedClient: RequestHandler;
  heartbeatMs: number;
  /** The close function of every open event stream, so a shutdown can end them. */
  liveStreams: Set<() => void>;
  log: Log;
  /** The business settings the owner edits: the business's details, hours, alerts' recipients, links and texts. */
  settings: SettingsService;
  /** What messages say about the business and who hears of leads, from the settings as they are now. */
  messageSettings(): Promise<MessageSettings>;
  /** When the embedded server last backed up; absent on Firebase. */
  lastBackupAt?: () => Promise<string | null>;
}
