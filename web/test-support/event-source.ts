/**
 * The dashboard's live updates in jsdom, which has no EventSource: a stream that never says
 * anything. A test stubs it in with `vi.stubGlobal('EventSource', SilentEventSource)`.
 */
export class SilentEventSource {
  static readonly CLOSED = 2;
  readyState = 0;
  addEventListener() {}
  close() {}
}
