import { ApiProcess } from './api-process';
import { createDatabase, type TestDatabase } from './postgres';

export interface TwoApis {
  database: TestDatabase;
  apis: [ApiProcess, ApiProcess];
}

/**
 * A fresh PostgreSQL database with two api processes on it, as two replicas behind a load balancer would be. They
 * start one after the other: the first migrates and seeds, the second finds the database ready.
 */
export async function startTwoApis(env: Record<string, string>): Promise<TwoApis> {
  const database = await createDatabase();
  const first = await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-1' });
  const second = await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-2' });
  return { database, apis: [first, second] };
}

/** Stops both processes, then drops the database; safe when start-up failed half way. */
export async function stopTwoApis(stack: Partial<TwoApis> | undefined): Promise<void> {
  await Promise.all((stack?.apis ?? []).map((api) => api.stop()));
  await stack?.database?.drop();
}
