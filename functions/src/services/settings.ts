import {
  accountMessages,
  defaultSettings,
  priceListLimits,
  priceListMessages,
  samePriceListItem,
  settingsChanges,
  settingsSections,
  withDefaults,
  type BrandImages,
  type PriceListEntry,
  type PriceListItem,
  type SiteSettings,
} from '@site/domain';
import { isSensitiveSetting, type SettingsUpdate } from '@site/domain/settings-schema';
import { newId } from '../ids';
import type { Clock } from '../ports/clock';
import type { MessageStore } from '../ports/messages';
import type { SettingsRecord, SettingsStore } from '../ports/settings';
import { ConflictError, ForbiddenError } from '../ports/errors';
import { emailBusinessOf, loadEmailLayouts, settingsChangeEmails } from './lead-messages';

/** The settings as the server uses them, with who last changed them. */
export interface CurrentSettings {
  settings: SiteSettings;
  /** 0 while nothing is stored (the defaults). */
  version: number;
  updatedAt?: string;
  updatedBy?: string;
  seededFrom?: string[];
}

/** One field a save changed, with its old and new value, for the audit trail. */
export interface SettingsChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Values a first start takes from the environment variables an older version was configured with. */
export interface SettingsSeed {
  values: { [K in keyof SiteSettings]?: Partial<SiteSettings[K]> };
  /** The variables they came from, as the Settings tab names them. */
  from: string[];
}

export const settingsConflictMessage =
  'Someone saved the settings after you opened them: reload to see their change, then make yours again';

/**
 * The business settings: read from the store (cached for `cacheMs`, since every page and
 * message reads them), changed by an admin's save, seeded once from the old environment
 * variables. `onChange` hears each save (the embedded server re-renders its pages).
 */
export class SettingsService {
  private cached: { at: number; value: CurrentSettings } | undefined;
  private readonly listeners = new Set<(current: CurrentSettings) => void>();

  constructor(
    private readonly store: SettingsStore,
    private readonly clock: Clock,
    /** How long a read is reused: 0 reads the store every time. One process that makes every save can keep it until the next. */
    private readonly cacheMs: number,
  ) {}

  async current(): Promise<CurrentSettings> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.cacheMs) return this.cached.value;
    const value = toCurrent(await this.store.read());
    this.cached = { at: now, value };
    return value;
  }

  /** The settings alone, for those that only read them. */
  async settings(): Promise<SiteSettings> {
    return (await this.current()).settings;
  }

  onChange(listener: (current: CurrentSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Saves the sections `update` carries over the stored settings, when nobody saved since
   * `update.version`. Returns the settings before and after, and each field that changed (none
   * when the values were already so: nothing is then stored). A change of a sensitive setting
   * (the bank details, the site address, the staff recipients; compared with the stored values,
   * so resending them unchanged is none) is saved only once `confirmPassword` resolves; without
   * it, it is refused.
   */
  async update(
    update: SettingsUpdate,
    by: string,
    confirmPassword?: () => Promise<void>,
  ): Promise<{ current: CurrentSettings; changes: SettingsChange[]; before: SiteSettings }> {
    const stored = toCurrent(await this.store.read());
    if (update.version !== stored.version) throw new ConflictError(settingsConflictMessage);
    const next: SiteSettings = { ...stored.settings };
    for (const section of settingsSections) {
      const value = update[section];
      if (value !== undefined) Object.assign(next, { [section]: value });
    }
    const changes = settingsChanges(stored.settings, next);
    const before = stored.settings;
    if (!changes.length) return { current: stored, changes, before };
    if (changes.some((change) => isSensitiveSetting(change.field))) {
      if (!confirmPassword) {
        throw new ForbiddenError(accountMessages.currentPasswordRequired, { currentPassword: accountMessages.currentPasswordRequired });
      }
      await confirmPassword();
    }
    const record = this.nextRecord(stored, next, by);
    if (!(await this.store.save(stored.version, record))) throw new ConflictError(settingsConflictMessage);
    return { current: this.saved(record), changes, before };
  }

  /** The record that follows `stored` with these settings, saved by `by` now. */
  private nextRecord(stored: CurrentSettings, next: SiteSettings, by: string): SettingsRecord {
    return {
      settings: next,
      version: stored.version + 1,
      updatedAt: this.clock.now().toISOString(),
      updatedBy: by,
      ...(stored.seededFrom ? { seededFrom: stored.seededFrom } : {}),
    };
  }

  /**
   * Replaces the brand images' addresses (after their files were made) with what `change`
   * gives. An image is its own change: a text saved meanwhile is kept, so this tries again on
   * a newer version rather than refusing. Answers the images it replaced, whose files can go.
   */
  async setImages(
    change: (images: BrandImages) => BrandImages,
    by: string,
  ): Promise<{ current: CurrentSettings; changes: SettingsChange[]; before: BrandImages }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const stored = toCurrent(await this.store.read());
      const before = stored.settings.images;
      const next = { ...stored.settings, images: change({ ...before }) };
      const changes = settingsChanges(stored.settings, next);
      if (!changes.length) return { current: stored, changes, before };
      const record = this.nextRecord(stored, next, by);
      if (await this.store.save(stored.version, record)) return { current: this.saved(record), changes, before };
    }
    throw new ConflictError(settingsConflictMessage);
  }

  /**
   * Saves an item from a quote to the price list: the item of the same description and section
   * takes its unit and price, or it is added at the end (refused once the list is full). Like an
   * image, its own change: a section saved meanwhile is kept, so this tries again on a newer version.
   */
  async savePriceListItem(
    entry: PriceListEntry,
    by: string,
  ): Promise<{ current: CurrentSettings; changes: SettingsChange[]; item: PriceListItem }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const stored = toCurrent(await this.store.read());
      const list = stored.settings.priceList;
      const existing = list.find((other) => samePriceListItem(other, entry));
      if (!existing && list.length >= priceListLimits.items) throw new ConflictError(priceListMessages.tooMany);
      const item: PriceListItem = { id: existing?.id ?? newId(), ...entry };
      const next = { ...stored.settings, priceList: existing ? list.map((other) => (other === existing ? item : other)) : [...list, item] };
      const changes = settingsChanges(stored.settings, next);
      if (!changes.length) return { current: stored, changes, item };
      const record = this.nextRecord(stored, next, by);
      if (await this.store.save(stored.version, record)) return { current: this.saved(record), changes, item };
    }
    throw new ConflictError(settingsConflictMessage);
  }

  /**
   * At the first start of an install that was configured by environment variables: stores
   * their values once, so nothing changes under an upgrade. Does nothing once settings are
   * stored, or when no such variable is set. Returns whether it stored them.
   */
  async seed(seed: SettingsSeed): Promise<boolean> {
    if (!seed.from.length || (await this.store.read())) return false;
    const settings = withDefaults(seed.values);
    const record: SettingsRecord = {
      settings,
      version: 1,
      updatedAt: this.clock.now().toISOString(),
      updatedBy: 'system',
      seededFrom: [...seed.from].sort(),
    };
    const stored = await this.store.save(0, record);
    if (stored) this.saved(record);
    return stored;
  }

  private saved(record: SettingsRecord): CurrentSettings {
    const value = toCurrent(record);
    this.cached = { at: Date.now(), value };
    for (const listener of this.listeners) listener(value);
    return value;
  }
}

function toCurrent(record: SettingsRecord | null): CurrentSettings {
  if (!record) return { settings: defaultSettings, version: 0 };
  return {
    settings: withDefaults(record.settings),
    version: record.version,
    updatedAt: record.updatedAt,
    updatedBy: record.updatedBy,
    ...(record.seededFrom ? { seededFrom: record.seededFrom } : {}),
  };
}

/** Who saved the settings, and from where (the request's IP address and user agent). */
export interface SettingsEditor {
  username: string;
  ipAddress: string;
  userAgent: string;
}

/** What announcing a change needs: the message queue, the clock, and the embedded sender's wake-up. */
export interface SettingsNoticeDeps {
  messages: Pick<MessageStore, 'queueNotice'>;
  clock: Clock;
  wake?: () => void;
}

const sensitiveLabels: Record<string, string> = {
  'payments.depositPercent': 'Deposit',
  'payments.bankAccountName': 'Bank account name',
  'payments.bankBsb': 'BSB',
  'payments.bankAccountNumber': 'Account number',
  'business.siteUrl': 'Site address',
  'notifications.emails': 'Staff emails',
  'notifications.mobiles': 'Staff mobiles',
};

/** An account number as a notice shows it: its last 4 digits only, so a forwarded email gives nobody the account. */
export const maskedAccountNumber = (digits: string): string => (digits ? `•••• ${digits.slice(-4)}` : '(none)');

/** A sensitive field's value as the notice shows it. */
function shownValue(field: string, value: unknown): string {
  if (field === 'payments.bankAccountNumber') return maskedAccountNumber(typeof value === 'string' ? value : '');
  if (field === 'payments.depositPercent') return typeof value === 'number' ? `${value}%` : 'the legal maximum';
  if (field === 'payments.bankBsb' && typeof value === 'string' && /^\d{6}$/.test(value)) return `${value.slice(0, 3)}-${value.slice(3)}`;
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  return typeof value === 'string' && value ? value : '(none)';
}

const joined = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0]);

/**
 * Tells every staff email address of a change to the bank details, the site address or the
 * staff recipients: what changed (old and new values, account numbers masked), who, when and
 * from where. The addresses before the change and after it both hear, so whoever replaces
 * the recipients cannot hide it; so does the business's own address (admin accounts have no
 * email of their own), unless it is still the example one. Returns how many were queued.
 */
export async function announceSensitiveChanges(
  deps: SettingsNoticeDeps,
  saved: { before: SiteSettings; after: SiteSettings; changes: SettingsChange[]; by: SettingsEditor },
): Promise<number> {
  const changes = saved.changes.filter((change) => isSensitiveSetting(change.field));
  if (!changes.length) return 0;
  const { before, after, by } = saved;
  const addresses = [
    ...before.notifications.emails,
    ...after.notifications.emails,
    ...[before.business.email, after.business.email].filter((email) => email !== defaultSettings.business.email),
  ];
  const to = [...new Map(addresses.map((address) => [address.trim().toLowerCase(), address.trim()])).values()];
  if (!to.length) return 0;
  const now = deps.clock.now();
  await loadEmailLayouts();
  const groups = [
    ...(changes.some((change) => change.field.startsWith('payments.')) ? ['the payment details'] : []),
    ...(changes.some((change) => change.field === 'business.siteUrl') ? ['the site address'] : []),
    ...(changes.some((change) => change.field.startsWith('notifications.')) ? ['who gets staff alerts'] : []),
  ];
  const drafts = settingsChangeEmails({
    business: emailBusinessOf(after),
    changes: changes.map((change) => ({
      field: change.field,
      label: sensitiveLabels[change.field] ?? change.field,
      from: shownValue(change.field, change.from),
      to: shownValue(change.field, change.to),
    })),
    summary: joined(groups),
    username: by.username,
    at: now,
    ipAddress: by.ipAddress,
    userAgent: by.userAgent,
    // The address as it was: a changed one could be a look-alike site that asks for the password.
    link: `${before.business.siteUrl}/admin?tab=settings`,
    to,
  });
  const noticeId = `settings-${newId()}`;
  await deps.messages.queueNotice(
    noticeId,
    drafts.map((draft, i) => ({ ...draft, id: `${noticeId}-${i + 1}` })),
    now.toISOString(),
  );
  deps.wake?.();
  return drafts.length;
}
