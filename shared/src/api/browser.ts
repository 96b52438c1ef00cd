import axios, { type CreateAxiosDefaults } from 'axios';
import type { RuntimeConfig } from '../step';
import { createApiClient, type ApiClient, type ApiClientOptions } from './client';

/** Spec 9 'HTTP client': credentials, XSRF cookie -> X-XSRF-TOKEN header, no timeout, success for 200-299. */
export function browserHttpDefaults(config: Pick<RuntimeConfig, 'apiBase'>): CreateAxiosDefaults {
  return {
    baseURL: config.apiBase,
    withCredentials: true,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    // Send the token even when apiBase is another origin (the api and shell may be split in deployment).
    withXSRFToken: true,
    timeout: 0,
    validateStatus: (status) => status >= 200 && status < 300,
    headers: { Accept: 'application/json' },
  };
}

export function createBrowserApiClient(config: RuntimeConfig, options?: ApiClientOptions): ApiClient {
  return createApiClient(axios.create(browserHttpDefaults(config)), options);
}
