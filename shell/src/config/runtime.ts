import * as z from 'zod/mini';
import { readPageData, SHELL_RUNTIME_ELEMENT_ID, type RuntimeConfig } from '@checkout/shared';
import type { RemoteEntries } from '../remotes/federation';

/** What the shell reads beyond the shared RuntimeConfig: where the consented analytics script lives (none by default). */
export interface ShellConfig extends RuntimeConfig {
  analyticsScriptUrl?: string;
}

export interface ShellRuntime {
  remotes: RemoteEntries;
  config: ShellConfig;
}

const optionalText = z.optional(z.string());

/** /remotes.json: { remotes: { mf_basket: { entry: '<abs url>/mf-manifest.json' }, ... }, config: RuntimeConfig }. */
export const ShellRuntimeSchema = z.object({
  remotes: z.record(z.string(), z.object({ entry: z.string() })),
  config: z.object({
    apiBase: z._default(z.string(), ''),
    sentryDsn: optionalText,
    hcaptchaSiteKey: optionalText,
    stripePublishableKey: optionalText,
    accommodationMapUrl: optionalText,
    analyticsScriptUrl: optionalText,
    marketplaceName: optionalText,
    marketplaceLogoUrl: optionalText,
  }),
});

/** Drops keys whose value is undefined, for exactOptionalPropertyTypes-friendly objects. */
function definedOnly<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function parseShellRuntime(json: unknown): ShellRuntime {
  const parsed = ShellRuntimeSchema.parse(json);
  return { remotes: parsed.remotes, config: definedOnly(parsed.config) };
}

/**
 * Read once at start-up: from the page, where the api writes /remotes.json's answer (a data block), else (the shell's
 * dev server, or a block that does not read) from /remotes.json. A failure leaves no remotes (every step shows its
 * Retry fallback), never a blank page.
 */
export async function loadShellRuntime(
  fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
  page: Pick<Document, 'getElementById'> | null = typeof document === 'undefined' ? null : document,
): Promise<ShellRuntime> {
  const inPage = page ? readPageData(page, SHELL_RUNTIME_ELEMENT_ID) : undefined;
  if (inPage !== undefined) {
    try {
      return parseShellRuntime(inPage);
    } catch (error) {
      console.error('checkout: the runtime in the page does not read, asking /remotes.json', error);
    }
  }
  try {
    return parseShellRuntime(await fetchJson('/remotes.json'));
  } catch (error) {
    console.error('checkout: /remotes.json could not be read', error);
    return { remotes: {}, config: { apiBase: '' } };
  }
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
