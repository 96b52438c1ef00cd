import { marketplaceNameOf, type RuntimeConfig } from '@checkout/shared';

/** What the header shows of the marketplace: its name, its own logo or the built-in mark, and where the name leads. */
export interface Brand {
  name: string;
  /** The configured logo; null shows the built-in mark. */
  logoUrl: string | null;
  /** The marketplace's listing of events: the buyer's way back to where they came from. */
  homeUrl: string;
}

export const MARKETPLACE_HOME = '/all-events/';

/** A path on this site ('/brand/logo.svg', not '//host/…') or an https URL; anything else is ignored. */
function usableLogo(url: string | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** The header's brand from /remotes.json's config, falling back to the built-in name and mark. */
export function brandOf(config: Pick<RuntimeConfig, 'marketplaceName' | 'marketplaceLogoUrl'>): Brand {
  return {
    // The same name as the events pages and the emails (shared/src/rules/marketplace.ts).
    name: marketplaceNameOf(config.marketplaceName),
    logoUrl: usableLogo(config.marketplaceLogoUrl),
    homeUrl: MARKETPLACE_HOME,
  };
}
