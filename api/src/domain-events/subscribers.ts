import type { Tx } from '../db/schema';
import type { DomainEventOf, DomainEventType } from './events';

/** What a subscriber is told: the event, its row's id and the moment of the change it reports. */
export interface Published<T extends DomainEventType> {
  id: number;
  event: DomainEventOf<T>;
  now: Date;
}

/**
 * Reacts to one type of event inside the transaction that published it: what it writes (a webhook delivery, an
 * email in the outbox) commits or rolls back with the change. A subscriber that throws fails the change, so it only
 * writes rows; anything slow or remote is a job those rows queue.
 */
export type DomainEventSubscriber = {
  [T in DomainEventType]: {
    /** Names it in errors and logs. */
    name: string;
    type: T;
    handle: (tx: Tx, published: Published<T>) => Promise<void>;
  };
}[DomainEventType];

/*
 * The subscribers of the process: the app builder installs its list (app.ts, `domainEventSubscribers`), so the core
 * that publishes never imports an integration. One list per process: a second app built in the same process (a test
 * file's) replaces the first's.
 */
let installed: readonly DomainEventSubscriber[] = [];

/** Makes `list` the subscribers every publish runs; returns what was installed before. */
export function installDomainEventSubscribers(
  list: readonly DomainEventSubscriber[],
): readonly DomainEventSubscriber[] {
  const previous = installed;
  installed = [...list];
  return previous;
}

export function subscribersOf(type: DomainEventType): readonly DomainEventSubscriber[] {
  return installed.filter((subscriber) => subscriber.type === type);
}
