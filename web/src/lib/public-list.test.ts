import { describe, expect, it } from 'vitest';
import { PublicList } from './public-list';

/** A server whose answers the test releases one by one, counting the requests. */
function fakeServer() {
  const answers: Array<{ resolve: (list: string[]) => void; reject: (error: Error) => void }> = [];
  return {
    answers,
    fetchList: () => new Promise<string[]>((resolve, reject) => answers.push({ resolve, reject })),
    /** Lets the list's promise handlers run. */
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

const shown = <T>(list: PublicList<T>) => {
  const seen: string[] = [];
  const stop = list.subscribe(() => seen.push(list.getSnapshot().status));
  return { seen, stop };
};

describe('PublicList', () => {
  it('fetches once, keeps the list for the visit, and shares a fetch on its way', async () => {
    const server = fakeServer();
    const list = new PublicList(server.fetchList);
    expect(list.getSnapshot()).toEqual({ status: 'pending', data: undefined });
    void list.load();
    void list.load();
    expect(server.answers).toHaveLength(1);
    server.answers[0]!.resolve(['Kitchen']);
    await server.settle();
    expect(list.getSnapshot()).toEqual({ status: 'success', data: ['Kitchen'] });
    await list.load();
    expect(server.answers).toHaveLength(1);
  });

  it('a refresh fetches a shown list at once, keeping the old one on screen until the new one is in', async () => {
    const server = fakeServer();
    const list = new PublicList(server.fetchList);
    const { seen } = shown(list);
    void list.load();
    server.answers[0]!.resolve(['Kitchen']);
    await server.settle();

    const refreshed = list.refresh();
    expect(server.answers).toHaveLength(2);
    expect(list.getSnapshot()).toEqual({ status: 'success', data: ['Kitchen'] });
    server.answers[1]!.resolve(['Kitchen', 'Laundry']);
    await refreshed;
    expect(list.getSnapshot()).toEqual({ status: 'success', data: ['Kitchen', 'Laundry'] });
    expect(seen).toEqual(['success', 'success']);
  });

  it('a refresh of a list not on screen fetches it when it is next shown', async () => {
    const server = fakeServer();
    const list = new PublicList(server.fetchList);
    void list.load();
    server.answers[0]!.resolve(['Kitchen']);
    await server.settle();

    await list.refresh();
    expect(server.answers).toHaveLength(1);
    void list.load();
    expect(server.answers).toHaveLength(2);
    server.answers[1]!.resolve(['Laundry']);
    await server.settle();
    expect(list.getSnapshot()).toEqual({ status: 'success', data: ['Laundry'] });
  });

  it('a refresh while a fetch is on its way fetches again afterwards, as that answer may be older than the change', async () => {
    const server = fakeServer();
    const list = new PublicList(server.fetchList);
    shown(list);
    void list.load();
    void list.refresh();
    expect(server.answers).toHaveLength(1);
    server.answers[0]!.resolve(['Kitchen']);
    await server.settle();
    expect(server.answers).toHaveLength(2);
    server.answers[1]!.resolve(['Kitchen', 'Laundry']);
    await server.settle();
    expect(list.getSnapshot()).toEqual({ status: 'success', data: ['Kitchen', 'Laundry'] });
  });

  it('a failure is shown; a retry shows the loading state again, and the next showing tries again too', async () => {
    const server = fakeServer();
    const list = new PublicList(server.fetchList);
    const { seen } = shown(list);
    void list.load();
    server.answers[0]!.reject(new Error('500: Server error'));
    await server.settle();
    expect(list.getSnapshot()).toEqual({ status: 'error', data: undefined });
    expect(server.answers).toHaveLength(1);

    void list.retry();
    expect(list.getSnapshot().status).toBe('pending');
    server.answers[1]!.reject(new Error('500: Server error'));
    await server.settle();
    void list.load();
    expect(server.answers).toHaveLength(3);
    server.answers[2]!.resolve([]);
    await server.settle();
    expect(list.getSnapshot()).toEqual({ status: 'success', data: [] });
    expect(seen).toEqual(['error', 'pending', 'error', 'pending', 'success']);
  });

  it('a failed refresh keeps the list it had, and says it failed', async () => {
    const server = fakeServer();
    const list = new PublicList(server.fetchList);
    shown(list);
    void list.load();
    server.answers[0]!.resolve(['Kitchen']);
    await server.settle();
    const refreshed = list.refresh();
    server.answers[1]!.reject(new Error('503: Unavailable'));
    await refreshed;
    expect(list.getSnapshot()).toEqual({ status: 'error', data: ['Kitchen'] });
  });
});
