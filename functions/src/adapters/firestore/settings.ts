import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import type { SettingsRecord, SettingsStore } from '#functions/ports/settings.ts';

/**
 * The settings as the document `settings/site`. Browsers never read it (the rules deny it:
 * it holds the staff's addresses); the API and the `pages` function read it with the Admin SDK.
 */
export class FirestoreSettings implements SettingsStore {
  private readonly doc: DocumentReference;

  constructor(private readonly db: Firestore) {
    this.doc = db.doc('settings/site');
  }

  async read(): Promise<SettingsRecord | null> {
    const snapshot = await this.doc.get();
    return snapshot.exists ? toRecord(snapshot.data() ?? {}) : null;
  }

  async save(expected: number, record: SettingsRecord): Promise<boolean> {
    return this.db.runTransaction(async (tx) => {
      const snapshot = await tx.get(this.doc);
      const stored = snapshot.exists ? Number(snapshot.get('version') ?? 0) : 0;
      if (stored !== expected) return false;
      tx.set(this.doc, {
        // As JSON: the week's opening hours are a list of lists, which Firestore cannot store
        // (an array may not hold arrays).
        settings: JSON.stringify(record.settings),
        version: record.version,
        updatedAt: record.updatedAt,
        updatedBy: record.updatedBy,
        ...(record.seededFrom ? { seededFrom: record.seededFrom } : {}),
      });
      return true;
    });
  }
}

function toRecord(data: Record<string, unknown>): SettingsRecord {
  return {
    settings: typeof data.settings === 'string' ? (JSON.parse(data.settings) as unknown) : {},
    version: Number(data.version ?? 0),
    updatedAt: String(data.updatedAt ?? ''),
    updatedBy: String(data.updatedBy ?? ''),
    ...(Array.isArray(data.seededFrom) ? { seededFrom: data.seededFrom.map(String) } : {}),
  };
}
