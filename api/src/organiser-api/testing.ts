import type { LightMyRequestResponse } from 'fastify';
import type { ApiKeyScope } from '../db/schema';
import type { TestApp } from '../testing/test-app';
import { createApiKey } from './keys';
import { ORGANISER_API_PREFIX } from './plugin';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** An organiser API client for server tests: a fresh key of the organiser, JSON in and out through inject. */
export interface ApiCaller {
  key: string;
  organiserId: number;
  call(method: Method, path: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export async function apiCaller(t: TestApp, organiserId: number, scope: ApiKeyScope = 'write'): Promise<ApiCaller> {
  const { key } = await createApiKey(t.db, { organiserId, scope }, t.clock.now());
  return {
    key,
    organiserId,
    call: (method, path, body) =>
      t.app.inject({
        method,
        url: ORGANISER_API_PREFIX + path,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}
