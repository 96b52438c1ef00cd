import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Db } from './db/schema';
import type { Sessions } from './identity/session';

/** What every domain's handlers are built from: created once per app, never per request. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  sessions: Sessions;
}
