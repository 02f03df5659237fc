import type { ChangeEvent } from '@site/domain';
import { EventEmitter } from 'node:events';
import type { ChangeFeed } from '../ports/change-feed';

/** The embedded change feed: listeners in this process, fed by the store decorator. */
export function createMemoryFeed(): ChangeFeed {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit('change', event);
    },
    subscribe(listener: (event: ChangeEvent) => void) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}
