import type { Clock } from '../ports/clock';
import type { Store } from '../ports/store';
import type { Attachments } from '../services/attachments';
import type { RemoveLead } from '../services/privacy';
import type { StaffCalendar } from '../services/booking-calendar';
import type { CustomerBookings } from '../services/bookings';
import type { FollowUpSettings } from '../services/follow-up';
import type { MessageSettings } from '../services/lead-messages';
import type { ModelProcessing } from '../services/model-processing';
import type { ReviewRequests } from '../services/review-requests';
import type { SettingsService } from '../services/settings';
import type { Uploads } from '../services/uploads';

/**
 * Documents from before a field existed, brought up to date before the kind that reads them.
 * Firestore only: SQLite's migrations do the same when the database opens.
 */
export interface JobUpgrades {
  /** Before the housekeeping; its counts join the report. */
  maintenance?(): Promise<Record<string, number>>;
  /** Before the follow-up reminders are looked for, with their settings. */
  followUps?(followUp: FollowUpSettings): Promise<unknown>;
}

/** The services the job kinds work with, as createApp made them. */
export interface JobDeps {
  store: Store;
  clock: Clock;
  uploads: Uploads;
  attachments: Attachments;
  models: ModelProcessing;
  reviewRequests: ReviewRequests;
  /** Booked visits' reminders the day before, and the staff's digest of a busy day's alerts. */
  bookings: Pick<CustomerBookings, 'sendDueReminders'> & Pick<StaffCalendar, 'sendDueDigests'>;
  settings: Pick<SettingsService, 'settings'>;
  messageSettings(): Promise<MessageSettings>;
  /** Tells the embedded sender that messages were queued; absent where extensions send. */
  wake?: () => void;
  /** VISITOR_RETENTION_DAYS and AUDIT_RETENTION_DAYS. */
  retention: { visitorRetentionDays: number; auditRetentionDays: number; removeLead?: RemoveLead };
  upgrades?: JobUpgrades;
}
