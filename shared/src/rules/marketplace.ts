/**
 * The marketplace's name: the events pages' header, the checkout's header and every email (its From name, header and
 * footer) say it, so a buyer recognises the site that sold them tickets. The operator sets it (MARKETPLACE_NAME);
 * without one it is the name the site has always shown.
 */
export const DEFAULT_MARKETPLACE_NAME = 'Events';

/** Longer does not fit a phone's header. */
export const MARKETPLACE_NAME_MAX = 60;

/** The configured name tidied (spaces collapsed, cut to fit), or the default when none is set. */
export function marketplaceNameOf(configured: string | undefined): string {
  const name = configured?.trim().replace(/\s+/g, ' ').slice(0, MARKETPLACE_NAME_MAX).trim();
  return name || DEFAULT_MARKETPLACE_NAME;
}
