import type { Database } from 'better-sqlite3';

interface Pending {
  write: () => void;
  done: () => void;
  fail: (error: unknown) => void;
}

/**
 * Group commit: writes submitted in one turn of the event loop are committed in one
 * transaction. With synchronous=FULL each commit waits for the disk's flush, and holds the
 * event loop meanwhile (better-sqlite3 is synchronous), so a burst pays for one flush instead
 * of one each. Every caller's promise settles only after its own write is committed. When the
 * shared transaction fails, each write is retried in a transaction of its own, so only the one
 * that cannot be stored fails.
 */
export class GroupCommit {
  private pending: Pending[] = [];
  private readonly all: (batch: readonly Pending[]) => void;
  private readonly one: (write: () => void) => void;

  constructor(db: Database) {
    this.all = db.transaction((batch: readonly Pending[]) => {
      for (const item of batch) item.write();
    });
    this.one = db.transaction((write: () => void) => write());
  }

  run(write: () => void): Promise<void> {
    return new Promise<void>((done, fail) => {
      this.pending.push({ write, done, fail });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush() {
    const batch = this.pending;
    this.pending = [];
    try {
      this.all(batch);
    } catch {
      for (const item of batch) {
        try {
          this.one(item.write);
        } catch (error) {
          item.fail(error);
          continue;
        }
        item.done();
      }
      return;
    }
    for (const item of batch) item.done();
  }
}
