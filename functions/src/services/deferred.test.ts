import { describe, expect, it } from 'vitest';
import { deferred } from './deferred';

class Counter {
  count = 0;
  async add(n: number): Promise<number> {
    this.count += n;
    return this.count;
  }
  async fail(): Promise<never> {
    throw new Error('refused');
  }
}

describe('deferred', () => {
  it('makes the service at its first call, once, and passes calls and answers through', async () => {
    let made = 0;
    const counter = deferred(async () => {
      made++;
      return new Counter();
    });
    expect(made).toBe(0);
    expect(await counter.add(2)).toBe(2);
    expect(await counter.add(3)).toBe(5);
    expect(made).toBe(1);
    await expect(counter.fail()).rejects.toThrow('refused');
    // Awaiting the stand-in itself does not call into the service.
    expect(await Promise.resolve(counter)).toBe(counter);
  });

  it('makes it again at the next call after a failed start', async () => {
    let tries = 0;
    const counter = deferred(async () => {
      tries++;
      if (tries === 1) throw new Error('not yet');
      return new Counter();
    });
    await expect(counter.add(1)).rejects.toThrow('not yet');
    expect(await counter.add(1)).toBe(1);
    expect(tries).toBe(2);
  });
});
