/**
 * Where the business settings live: one document (a row on SQLite, a document in Firestore).
 * Saves are compare-and-set on a version, so two admins saving at once cannot overwrite each
 * other unseen.
 */
export interface SettingsRecord {
  /** The values as saved; read through `withDefaults`, so a field added since reads as its default. */
  settings: unknown;
  /** 1 after the first save; 0 means nothing is stored yet. */
  version: number;
  updatedAt: string;
  updatedBy: string;
  /** The environment variables the first save took values from (an upgrade from a version that had them). */
  seededFrom?: string[];
}

export interface SettingsStore {
  /** The stored settings, or null before the first save (the defaults apply). */
  read(): Promise<SettingsRecord | null>;
  /**
   * Stores `record` when the stored version is still `expected` (0: nothing stored yet) and
   * `record.version` is the next one. False, changing nothing, when another save came first.
   */
  save(expected: number, record: SettingsRecord): Promise<boolean>;
}
