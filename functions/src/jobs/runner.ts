/** How a kind's failed item is tried again in this process (a thrown error: the store or the disk failed, say). */
export interface Backoff {
  /** Tries in all, the first included; after the last the item waits for the next start. */
  attempts: number;
  /** The delay before the second try; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** What a kind does, bound to the services it works with. */
export interface JobWork {
  /**
   * The ids of the work that waits in the store, read at start (and every `everyMs` where
   * the kind has it). Absent for a scheduled kind: its one item is a run over whatever is due.
   */
  pending?(): Promise<string[]>;
  /** Does one item (a scheduled kind: one run, with `id` ''). Throws to be tried again after the backoff. */
  run(id: string): Promise<unknown>;
}

/** A Cloud Function on a Firestore document, run while `field` has `value` (the trigger's own write then leaves it alone). */
export interface DocumentTrigger {
  function: string;
  document: string;
  when: { field: string; value: string };
  memory: '256MiB' | '512MiB' | '1GiB' | '2GiB' | '4GiB';
  cpu: number;
  timeoutSeconds: number;
  maxInstances: number;
}

/** A Cloud Function on a schedule (Cloud Scheduler's syntax, Melbourne time). */
export interface ScheduleTrigger {
  function: string;
  schedule: string;
  memory: '256MiB' | '512MiB' | '1GiB';
}

/** One kind of background work: declared once, run by the embedded server and by Cloud Functions alike. */
export interface JobKind<Name extends string, Deps> {
  name: Name;
  /** Items run at once in the background. */
  concurrency: number;
  retry: Backoff;
  /** A scheduled kind runs this often in the embedded server; a kind with `pending` looks for it again this often. */
  everyMs?: number;
  /** How Cloud Functions run it: on its document's write, or on a schedule. */
  cloud: DocumentTrigger | ScheduleTrigger;
  work(deps: Deps): JobWork;
}

/** What every scheduled kind shares: one run at a time, and its next run is its retry. */
export const scheduledRuns = { concurrency: 1, retry: { attempts: 1, firstDelayMs: 0, maxDelayMs: 0 } } satisfies Pick<
  JobKind<string, unknown>,
  'concurrency' | 'retry'
>;

export type JobLog = (message: string, error?: unknown) => void;

interface Lane {
  name: string;
  work: JobWork;
  concurrency: number;
  retry: Backoff;
  everyMs?: number;
  started: boolean;
  /** Ids waiting their turn, in order. */
  waiting: string[];
  /** Ids under way in the background. */
  running: Set<string>;
  /** Ids enqueued again while under way: run once more after. */
  again: Set<string>;
  /** Each id's last run, so one id never runs twice at once (a trigger's run and a background one included). */
  tails: Map<string, Promise<unknown>>;
  attempts: Map<string, number>;
  /** Ids that used up their tries: left alone until the next start. */
  exhausted: Set<string>;
}

/**
 * The one runner of background work. Each kind says how to find its pending work in the
 * store, how to run one item, how many at once and how to retry; the runner resumes that
 * work at `start`, runs what is enqueued afterwards at once, runs scheduled kinds on their
 * timer, and stops cleanly. Before `start` (and in a Cloud Function, where a trigger calls
 * `run`) nothing runs in the background: enqueued work stays pending in the store, where the
 * next start or the trigger finds it.
 */
export class JobRunner<Name extends string> {
  private readonly lanes = new Map<string, Lane>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    kinds: ReadonlyArray<Pick<JobKind<Name, unknown>, 'name' | 'concurrency' | 'retry' | 'everyMs'> & { work: JobWork }>,
    private readonly log: JobLog,
  ) {
    for (const kind of kinds) {
      this.lanes.set(kind.name, {
        name: kind.name,
        work: kind.work,
        concurrency: kind.concurrency,
        retry: kind.retry,
        everyMs: kind.everyMs,
        started: false,
        waiting: [],
        running: new Set(),
        again: new Set(),
        tails: new Map(),
        attempts: new Map(),
        exhausted: new Set(),
      });
    }
  }

  /** The kinds' names, in their order. */
  get names(): Name[] {
    return [...this.lanes.keys()] as Name[];
  }

  /**
   * Runs `names` (every kind by default) in the background from now on: the pending work
   * each finds in the store first, a scheduled kind's first run, then their timers. Resolves,
   * once that work is queued, with how many items it queued.
   */
  async start(names: readonly Name[] = this.names): Promise<number> {
    if (this.stopped) return 0;
    const lanes = names.map((name) => this.lane(name));
    for (const lane of lanes) {
      lane.started = true;
      if (lane.everyMs) this.timer(lane.everyMs, () => this.look(lane));
    }
    return this.resume(names);
  }

  /**
   * Looks for pending work again, of the started kinds (or `names`), and queues what it
   * finds: for work written straight into the store (the demo's content). Returns how many
   * items it queued.
   */
  async resume(names: readonly Name[] = this.names): Promise<number> {
    const counts = await Promise.all(names.map((name) => this.look(this.lane(name))));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Runs an item in the background as soon as its kind has room, when the kind is started; otherwise it stays pending in the store. */
  enqueue(name: Name, id: string): void {
    const lane = this.lane(name);
    if (!lane.started || this.stopped) return;
    lane.exhausted.delete(id);
    if (lane.running.has(id)) lane.again.add(id);
    else if (!lane.waiting.includes(id)) lane.waiting.push(id);
    this.pump(lane);
  }

  /**
   * Runs one item now (a scheduled kind: one run), after any run of the same item under way,
   * and answers its result or its error, without retries: what a Cloud Function's trigger
   * or schedule calls, and a test that wants a run at a set time.
   */
  run(name: Name, id = ''): Promise<unknown> {
    return this.serialised(this.lane(name), id);
  }

  /** Resolves once nothing of these kinds (every kind by default) waits or runs; a retry set for later does not count. */
  async idle(names: readonly Name[] = this.names): Promise<void> {
    const lanes = names.map((name) => this.lane(name));
    for (;;) {
      const busy = lanes.flatMap((lane) => [...lane.tails.values()]);
      if (busy.length) await Promise.allSettled(busy);
      // Between one item's end and the next one's start, for a moment, nothing runs.
      else if (lanes.some((lane) => lane.running.size || lane.waiting.length)) await new Promise((done) => setImmediate(done));
      else return;
    }
  }

  /** Starts nothing more and waits for the items under way, at most `graceMs`: one cut short stays pending for the next start. */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const lane of this.lanes.values()) {
      lane.waiting.length = 0;
      lane.again.clear();
    }
    let deadline: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise<void>((done) => (deadline = setTimeout(done, graceMs)))]);
    clearTimeout(deadline);
  }

  private lane(name: string): Lane {
    const lane = this.lanes.get(name);
    if (!lane) throw new Error(`No job kind ${name}`);
    return lane;
  }

  /** Queues a started kind's pending work (a scheduled kind: one run); returns how many items. */
  private async look(lane: Lane): Promise<number> {
    if (!lane.started || this.stopped) return 0;
    let ids: string[];
    try {
      ids = lane.work.pending ? await lane.work.pending() : [''];
    } catch (error) {
      this.log(`${lane.name}: could not read the pending work`, error);
      return 0;
    }
    const fresh = ids.filter((id) => !lane.exhausted.has(id));
    for (const id of fresh) this.enqueue(lane.name as Name, id);
    return fresh.length;
  }

  private pump(lane: Lane): void {
    while (!this.stopped && lane.running.size < lane.concurrency && lane.waiting.length) {
      const id = lane.waiting.shift() as string;
      lane.running.add(id);
      void this.attempt(lane, id).finally(() => {
        lane.running.delete(id);
        if (lane.again.delete(id) && !this.stopped) lane.waiting.push(id);
        this.pump(lane);
      });
    }
  }

  private async attempt(lane: Lane, id: string): Promise<void> {
    try {
      await this.serialised(lane, id);
      lane.attempts.delete(id);
    } catch (error) {
      const tries = (lane.attempts.get(id) ?? 0) + 1;
      const what = id ? `${lane.name} ${id}` : lane.name;
      if (tries >= lane.retry.attempts) {
        lane.attempts.delete(id);
        // A scheduled kind's next run is its retry; an item waits for the next start.
        if (id) lane.exhausted.add(id);
        this.log(`${what}: failed${id && lane.retry.attempts > 1 ? ` ${tries} times; tried again at the next start` : ''}`, error);
        return;
      }
      lane.attempts.set(id, tries);
      const delay = Math.min(lane.retry.firstDelayMs * 2 ** (tries - 1), lane.retry.maxDelayMs);
      this.log(`${what}: failed; trying again in ${delay < 1000 ? `${delay} ms` : `${Math.round(delay / 1000)} s`}`, error);
      this.timer(delay, () => this.enqueue(lane.name as Name, id), true);
    }
  }

  /** Runs `id` once the same item's run under way (if any) is over, and tracks it until it ends. */
  private serialised(lane: Lane, id: string): Promise<unknown> {
    const before = lane.tails.get(id);
    const run = (before ? before.then(noop, noop) : Promise.resolve()).then(() => lane.work.run(id));
    const tail = run.then(noop, noop);
    lane.tails.set(id, tail);
    void tail.then(() => {
      if (lane.tails.get(id) === tail) lane.tails.delete(id);
    });
    return run;
  }

  /** A timer (repeating unless `once`) that does not keep the process alive and ends with `stop`. */
  private timer(ms: number, tick: () => unknown, once = false): void {
    const timer = (once ? setTimeout : setInterval)(() => {
      if (once) this.timers.delete(timer);
      void tick();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}

const noop = () => undefined;
