import type Database from 'better-sqlite3';
import type { SettingsRecord, SettingsStore } from '#functions/ports/settings.ts';

interface Row {
  settings: string;
  version: number;
  updatedAt: string;
  updatedBy: string;
  seededFrom: string | null;
}

/** The settings as the one row of the `settings` table (id 'site'). */
export class SqliteSettings implements SettingsStore {
  private readonly select: Database.Statement;
  private readonly insert: Database.Statement;
  private readonly update: Database.Statement;

  constructor(db: Database.Database) {
    this.select = db.prepare(`SELECT settings, version, updatedAt, updatedBy, seededFrom FROM settings WHERE id = 'site'`);
    // The first save: nothing stored yet, so the insert takes the id; a second first save is ignored.
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO settings (id, settings, version, updatedAt, updatedBy, seededFrom) VALUES ('site', @settings, @version, @updatedAt, @updatedBy, @seededFrom)`,
    );
    this.update = db.prepare(
      `UPDATE settings SET settings = @settings, version = @version, updatedAt = @updatedAt, updatedBy = @updatedBy, seededFrom = @seededFrom WHERE id = 'site' AND version = @expected`,
    );
  }

  async read(): Promise<SettingsRecord | null> {
    const row = this.select.get() as Row | undefined;
    if (!row) return null;
    return {
      settings: JSON.parse(row.settings) as unknown,
      version: row.version,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
      ...(row.seededFrom ? { seededFrom: JSON.parse(row.seededFrom) as string[] } : {}),
    };
  }

  async save(expected: number, record: SettingsRecord): Promise<boolean> {
    const values = {
      settings: JSON.stringify(record.settings),
      version: record.version,
      updatedAt: record.updatedAt,
      updatedBy: record.updatedBy,
      seededFrom: record.seededFrom ? JSON.stringify(record.seededFrom) : null,
    };
    const result = expected === 0 ? this.insert.run(values) : this.update.run({ ...values, expected });
    return result.changes === 1;
  }
}
