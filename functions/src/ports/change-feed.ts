import type { ChangeEvent } from '@site/domain';

/** Change notifications for live admin views. */
export interface ChangeFeed {
  publish(event: ChangeEvent): void;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
}
