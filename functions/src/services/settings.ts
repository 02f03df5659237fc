import { defaultSettings, settingsChanges, settingsSections, withDefaults, type BrandImages, type SiteSettings } from '@site/domain';
import type { SettingsUpdate } from '@site/domain/settings-schema';
import type { Clock } from '../ports/clock';
import type { SettingsRecord, SettingsStore } from '../ports/settings';
import { ConflictError } from '../ports/errors';

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
   * `update.version`. Returns the new settings and each field that changed (none when the
   * values were already so: nothing is then stored).
   */
  async update(update: SettingsUpdate, by: string): Promise<{ current: CurrentSettings; changes: SettingsChange[] }> {
    const stored = toCurrent(await this.store.read());
    if (update.version !== stored.version) throw new ConflictError(settingsConflictMessage);
    const next: SiteSettings = { ...stored.settings };
    for (const section of settingsSections) {
      const value = update[section];
      if (value !== undefined) Object.assign(next, { [section]: value });
    }
    const changes = settingsChanges(stored.settings, next);
    if (!changes.length) return { current: stored, changes };
    const record = this.nextRecord(stored, next, by);
    if (!(await this.store.save(stored.version, record))) throw new ConflictError(settingsConflictMessage);
    return { current: this.saved(record), changes };
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
