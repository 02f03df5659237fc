import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { refetchAfterChange } from './use-live-sync';

/** A list on a server: each read answers what the list held when the read began, once let go. */
function slowList() {
  let stored: string[] = [];
  const reads: Array<() => void> = [];
  return {
    add: (name: string) => {
      stored = [...stored, name];
    },
    read: () => {
      const answer = [...stored];
      return new Promise<string[]>((resolve) => reads.push(() => resolve(answer)));
    },
    releaseAll: () => {
      for (const release of reads.splice(0)) release();
    },
    get pending() {
      return reads.length;
    },
  };
}

describe('a live change refetches what it names', () => {
  test('a tab whose first read began before the change shows the change, not the earlier read', async () => {
    const server = slowList();
    const queryClient = createQueryClient();
    const observer = new QueryObserver(queryClient, { queryKey: ['admin', 'reviews'], queryFn: server.read });
    const seen: Array<string[] | undefined> = [];
    const stop = observer.subscribe((result) => seen.push(result.data));

    // The tab opened: its first read is under way when the review is stored and announced.
    await expect.poll(() => server.pending).toBe(1);
    server.add('Olivia');
    const refetched = refetchAfterChange(queryClient, ['admin', 'reviews']);
    // The first read answers what it read, without the review; the list is then read again.
    server.releaseAll();
    await expect.poll(() => server.pending).toBe(1);
    server.releaseAll();
    await refetched;

    expect(observer.getCurrentResult().data).toEqual(['Olivia']);
    expect(seen.filter((data) => data !== undefined).at(-1)).toEqual(['Olivia']);
    stop();
  });

  test('a read awaited by its caller is answered, not cancelled, and then marked stale', async () => {
    const server = slowList();
    const queryClient = createQueryClient();
    const read = queryClient.fetchQuery({ queryKey: ['admin', 'settings'], queryFn: server.read });
    await expect.poll(() => server.pending).toBe(1);
    server.add('Olivia');
    const refetched = refetchAfterChange(queryClient, ['admin']);
    server.releaseAll();
    await expect(read).resolves.toEqual([]);
    await refetched;
    expect(queryClient.getQueryState(['admin', 'settings'])?.isInvalidated).toBe(true);
  });

  test('a list already shown is read again and shows the change', async () => {
    const server = slowList();
    const queryClient = createQueryClient();
    const observer = new QueryObserver(queryClient, { queryKey: ['admin', 'reviews'], queryFn: server.read });
    const stop = observer.subscribe(() => {});
    await expect.poll(() => server.pending).toBe(1);
    server.releaseAll();
    await expect.poll(() => observer.getCurrentResult().data).toEqual([]);

    server.add('Olivia');
    const refetched = refetchAfterChange(queryClient, ['admin', 'reviews']);
    await expect.poll(() => server.pending).toBe(1);
    server.releaseAll();
    await refetched;
    expect(observer.getCurrentResult().data).toEqual(['Olivia']);
    stop();
  });
});
