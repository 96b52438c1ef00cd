import { COPIED_LABEL_MS } from '@checkout/shared';
import { copyToClipboard } from '@checkout/shared/ui';

/** 'Copied' shows for 2 s. */
export const COPIED_MS = COPIED_LABEL_MS;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const copyText = (text: string) => copyToClipboard(text);

/**
 * After a successful send, transfer is no longer offered, also after a reload of the page in this tab. The
 * server would refuse tickets already transferred anyway; this only keeps the tile from coming back.
 */
const transferredKey = (reference: string) => `checkout:transferred:${reference}`;

export function rememberTransferred(reference: string): void {
  try {
    window.sessionStorage.setItem(transferredKey(reference), '1');
  } catch {
    // Storage refused (private mode): the tile stays hidden until the page is reloaded.
  }
}

export function wasTransferred(reference: string): boolean {
  try {
    return window.sessionStorage.getItem(transferredKey(reference)) === '1';
  } catch {
    return false;
  }
}
