import { COPIED_LABEL_MS } from '@checkout/shared';
import { copyToClipboard } from '@checkout/shared/ui';

/** Spec 9: 'Copied' shows for 2 s. */
export const COPIED_MS = COPIED_LABEL_MS;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const copyText = (text: string) => copyToClipboard(text);
