/** What `GET /api/health?deep=1` reports to a signed-in admin (embedded server). */
export interface DeepHealth {
  /** `failing` (answered with 503) when the database cannot be written. */
  status: 'ok' | 'failing';
  database: { writable: boolean; error?: string };
  /** Zeros when the disk could not be read. */
  disk: { freeBytes: number; totalBytes: number };
  /** -1 when the queue could not be read. */
  queue: { unsent: number };
  backup: { lastAt: string | null; file: string | null; keep: number };
}
