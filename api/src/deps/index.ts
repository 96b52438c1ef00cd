import type { Clock } from '../platform/clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/schema';
import type { Sessions } from '../session/session';
import type { Mailer } from '../mail/mailer';

/** What every domain's handlers are built from: created once per app, never per request. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  sessions: Sessions;
  /** Every email goes through it (outbox, then SMTP when configured). */
  mailer: Mailer;
}
