import { afterEach, describe, expect, it } from 'vitest';
import { JobRunner, type Backoff, type JobWork } from './runner';

const noRetry: Backoff = { attempts: 1, firstDelayMs: 0, maxDelayMs: 0 };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A store's pending items as a kind sees them: `pending` lists them, a run takes one out. */
class Items {
  readonly waiting = new Set<string>();
  readonly done: string[] = [];
  at = 0;
  most = 0;
  /** How long a run takes. */
  constructor(private readonly ms = 5) {}
  work(): JobWork {
    return {
      pending: async () => [...this.waiting],
      run: async (id) => {
        this.at++;
        this.most = Math.max(this.most, this.at);
        await sleep(this.ms);
        this.at--;
        if (this.waiting.delete(id)) this.done.push(id);
      },
    };
  }
}

const logged: string[] = [];
const log = (message: string) => void logged.push(message);
const runners: Array<JobRunner<string>> = [];
function runner<Name extends string>(kinds: ConstructorParameters<typeof JobRunner<Name>>[0]): JobRunner<Name> {
  const made = new JobRunner<Name>(kinds, log);
  runners.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(runners.splice(0).map((made) => made.stop(0)));
  logged.length = 0;
});

describe('the job runner', () => {
  it('resumes the pending work it finds in the store at start, and runs each item once', async () => {
    const items = new Items();
    items.waiting.add('a').add('b').add('c');
    const jobs = runner([{ name: 'photos', concurrency: 1, retry: noRetry, work: items.work() }]);
    jobs.enqueue('photos', 'a');
    // Not started: nothing runs in the background, the work stays pending.
    await jobs.idle();
    expect(items.done).toEqual([]);

    expect(await jobs.start()).toBe(3);
    await jobs.idle();
    expect(items.done).toEqual(['a', 'b', 'c']);
    expect(logged).toEqual([]);
  });

  it('runs work enqueued after the start at once, without a restart (the demo content saved after the server started)', async () => {
    const items = new Items();
    const jobs = runner([{ name: 'models', concurrency: 1, retry: noRetry, work: items.work() }]);
    expect(await jobs.start()).toBe(0);
    items.waiting.add('sample-1');
    jobs.enqueue('models', 'sample-1');
    await jobs.idle();
    expect(items.done).toEqual(['sample-1']);

    // Written straight into the store with nothing enqueued: `resume` looks again.
    items.waiting.add('sample-2').add('sample-3');
    expect(await jobs.resume()).toBe(2);
    await jobs.idle();
    expect(items.done).toEqual(['sample-1', 'sample-2', 'sample-3']);
  });

  it('runs at most `concurrency` items of a kind at once, and an item enqueued while it runs once more after', async () => {
    const items = new Items(10);
    for (let i = 0; i < 8; i++) items.waiting.add(`p${i}`);
    const jobs = runner([{ name: 'photos', concurrency: 3, retry: noRetry, work: items.work() }]);
    await jobs.start();
    await jobs.idle();
    expect(items.done).toHaveLength(8);
    expect(items.most).toBe(3);

    let runs = 0;
    const again = runner([
      {
        name: 'models',
        concurrency: 1,
        retry: noRetry,
        work: { run: async () => void (runs++, await sleep(10)) },
      },
    ]);
    await again.start([]);
    await again.start(['models']);
    again.enqueue('models', 'm');
    again.enqueue('models', 'm');
    // The run at start is over and m under way.
    await sleep(14);
    again.enqueue('models', 'm');
    await again.idle();
    // Its run at start (a kind without `pending` is scheduled: one run, id ''), then m, then m again.
    expect(runs).toBe(3);
  });

  it('tries a failed item again after its backoff, then leaves it for the next start', async () => {
    const tries: number[] = [];
    const started = Date.now();
    const jobs = runner([
      {
        name: 'attachments',
        concurrency: 1,
        retry: { attempts: 3, firstDelayMs: 20, maxDelayMs: 30 },
        work: {
          pending: async () => ['broken'],
          run: async () => {
            tries.push(Date.now() - started);
            throw new Error('disk gone');
          },
        },
      },
    ]);
    await jobs.start();
    for (let waited = 0; logged.length < 3 && waited < 2000; waited += 10) await sleep(10);
    await sleep(50);
    expect(tries).toHaveLength(3);
    // 20 ms, then 30 (40 capped at 30).
    expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(19);
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(29);
    expect(logged).toEqual([
      'attachments broken: failed; trying again in 20 ms',
      'attachments broken: failed; trying again in 30 ms',
      'attachments broken: failed 3 times; tried again at the next start',
    ]);
    // Looking for pending work again passes over it; enqueueing it (a new upload) tries again.
    expect(await jobs.resume()).toBe(0);
    jobs.enqueue('attachments', 'broken');
    await jobs.idle();
    expect(tries).toHaveLength(4);
  });

  it('runs a scheduled kind at start and on its timer, never two runs at once, and `run` answers a run of its own', async () => {
    let at = 0;
    let most = 0;
    let runs = 0;
    const jobs = runner([
      {
        name: 'follow-ups',
        concurrency: 1,
        retry: noRetry,
        everyMs: 15,
        work: {
          run: async () => {
            most = Math.max(most, ++at);
            await sleep(10);
            at--;
            return ++runs;
          },
        },
      },
    ]);
    await jobs.start();
    const [mine, alongside] = await Promise.all([jobs.run('follow-ups'), jobs.run('follow-ups')]);
    expect(alongside).toBe((mine as number) + 1);
    await sleep(80);
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(most).toBe(1);

    await jobs.stop();
    const stoppedAt = runs;
    await sleep(50);
    expect(runs).toBe(stoppedAt);
    // A run asked for after the stop still happens (a Cloud Function's schedule, a test's set time).
    expect(await jobs.run('follow-ups')).toBe(stoppedAt + 1);
  });

  it('stops taking work at `stop`, and waits for what is under way, at most the grace', async () => {
    const slow = new Items(40);
    slow.waiting.add('a').add('b');
    const jobs = runner([{ name: 'models', concurrency: 1, retry: noRetry, work: slow.work() }]);
    await jobs.start();
    await sleep(5);
    await jobs.stop(1000);
    // `a` was under way and finished; `b` waits in the store for the next start.
    expect(slow.done).toEqual(['a']);
    jobs.enqueue('models', 'b');
    await jobs.idle();
    expect(slow.done).toEqual(['a']);

    const cut = new Items(200);
    cut.waiting.add('big');
    const other = runner([{ name: 'models', concurrency: 1, retry: noRetry, work: cut.work() }]);
    await other.start();
    const before = Date.now();
    await other.stop(20);
    expect(Date.now() - before).toBeLessThan(150);
  });
});
