/**
 * Admin accounts: the second factor, password changes, sessions and the audit trail.
 * The API's shapes for these live here so the server and the admin pages agree.
 */

export const mfaMethods = ['totp', 'passkey'] as const;
export type MfaMethod = (typeof mfaMethods)[number];

/**
 * `POST /api/login`'s answer for an admin with a second factor: no session exists yet.
 * The browser finishes with `POST /api/login/totp` or the passkey routes.
 */
export interface MfaChallenge {
  mfaRequired: true;
  methods: MfaMethod[];
}

export const passwordMinLength = 12;
export const recoveryCodeCount = 10;

export const accountMessages = {
  codeRequired: 'Enter the code from your authenticator app or a recovery code',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  loginExpired: 'Your sign-in has expired. Enter your username and password again.',
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not right',
  passwordTooShort: `Password must be at least ${passwordMinLength} characters`,
  mfaSetupRequired: 'Set up a second factor on the Account page to continue',
  passkeyNameLength: 'Name the passkey in 1 to 60 characters',
} as const;

/** `POST /api/account/totp`: shown once; the app renders `otpauthUrl` as a QR code. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

/** Shown once, when TOTP is confirmed or the codes are renewed. Each works once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** `GET /api/account`: the signed-in admin's factors. */
export interface AccountSummary {
  username: string;
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: Passkey[];
  /** REQUIRE_MFA: every admin must have a second factor. */
  mfaRequired: boolean;
}

/** `GET /api/account/sessions`: one signed-in browser. */
export interface AdminSession {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  ipAddress: string;
  userAgent: string;
}

/** What the audit trail records, with the label the Activity tab shows. */
export const auditActionLabels = {
  'login.succeeded': 'Signed in',
  'login.failed': 'Failed sign-in',
  'password.confirm_failed': 'Wrong current password',
  'admin.refused': 'Refused admin request',
  'login.second_factor_failed': 'Failed second factor',
  logout: 'Signed out',
  'password.changed': 'Changed password',
  'totp.enabled': 'Turned on authenticator app',
  'totp.disabled': 'Turned off authenticator app',
  'recovery_codes.renewed': 'Made new recovery codes',
  'recovery_code.used': 'Used a recovery code',
  'passkey.added': 'Added a passkey',
  'passkey.removed': 'Removed a passkey',
  'session.ended': 'Ended a session',
  'mfa.reset': 'Second factors reset',
  'admin.created': 'Created an admin',
  'admin.deleted': 'Deleted an admin',
  'inquiry.updated': 'Updated an inquiry',
  'inquiry.deleted': 'Deleted an inquiry',
  'quote.updated': 'Updated a quote request',
  'quote.deleted': 'Deleted a quote request',
  'lead.job_done': 'Marked a job done',
  'review.requested': 'Asked a customer for a review',
  'review.approved': 'Approved a review',
  'review.deleted': 'Deleted a review',
  'model.created': 'Added a 3D model',
  'model.updated': 'Changed a 3D model',
  'model.deleted': 'Deleted a 3D model',
  'models.reordered': 'Reordered the 3D models',
  'project.created': 'Added a project',
  'project.updated': 'Changed a project',
  'project.deleted': 'Deleted a project',
  'projects.reordered': 'Reordered the projects',
  'message.retried': 'Retried a message',
  'leads.exported': 'Exported leads',
  'attachment.linked': "Made a link to a customer's file",
  'privacy.searched': "Looked up a person's records",
  'privacy.exported': "Exported a person's records",
  'privacy.erased': "Erased a person's records",
  'leads.expired': 'Deleted old won and lost leads',
  'settings.changed': 'Changed a setting',
  'settings.test_message': 'Sent a test message',
  'booking.moved': 'Moved a booked site measure',
  'booking.cancelled': 'Cancelled a booked site measure',
  'booking.blocked': 'Blocked time in the calendar',
  'booking.unblocked': 'Removed blocked time from the calendar',
  'booking.feed_regenerated': 'Made a new calendar feed address',
  'quote.created': 'Started a quote',
  'quote.sent': 'Sent a quote',
  'quote.deposit_paid': 'Marked a deposit paid',
  'quote.insurance_attached': 'Attached an insurance certificate',
  'quote.insurance_removed': 'Removed an insurance certificate',
  'quote.refunded': 'Marked a refund made',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

/** `GET /api/audit`: newest first, paged like the other lists. */
export interface AuditEntry {
  id: string;
  at: string;
  /** Absent for failed sign-ins with unknown usernames, refused anonymous requests, or the command line. */
  userId?: string;
  /**
   * The admin (for a failed sign-in, the admin whose password was wrong); empty when no admin
   * is known: what was typed as an unknown username is never kept (it may be a password).
   */
  username: string;
  ipAddress: string;
  userAgent: string;
  action: AuditAction;
  /** What it acted on, e.g. `inquiry:abc123` or a session id. */
  target?: string;
  /** A short description, e.g. `status: new → contacted`. */
  detail?: string;
}

/** The records a `target` of the form `{kind}:{id}` names, whose names the audit listing looks up. */
export const auditRecordKinds = ['inquiry', 'quote', 'review', 'model', 'project'] as const;
export type AuditRecordKind = (typeof auditRecordKinds)[number];

/**
 * An entry as `GET /api/audit` lists it: with `targetName`, the current name of the record its
 * target names (a lead's or a review's customer, a model's name, a project's title), looked
 * up as it is listed; absent once that record is deleted, or when the target names no record.
 */
export type ListedAuditEntry = AuditEntry & { targetName?: string };
