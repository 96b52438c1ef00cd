import { useEffect, useState } from 'react';
import * as messages from '@checkout/shared/messages/payment';
import { AlertBox, Button } from '@checkout/shared/ui';
import { copy } from '../copy';

/** 'Link copied' and the 'Copied' label last 2 s. */
export const COPIED_FOR_MS = 2000;

/** Detection currently always allows the browser; the notice is kept for when it does not. */
export function isIncompatibleInAppBrowser(_userAgent: string): boolean {
  return false;
}

/** 'You are using an incompatible browser.' with a copy-link option. */
export function InAppBrowserNotice({
  incompatible,
  url,
  onCopied,
}: {
  incompatible: boolean;
  url: string;
  onCopied?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!incompatible) return null;
  const copyLink = async () => {
    await navigator.clipboard?.writeText(url);
    setCopied(true);
    onCopied?.();
  };
  return (
    <AlertBox type="warning" title={messages.incompatibleBrowser}>
      <p>{copy.inAppBrowser.explanation}</p>
      <Button variant="secondary" onClick={() => void copyLink()}>
        {copied ? copy.inAppBrowser.copied : copy.inAppBrowser.copyLink}
      </Button>
    </AlertBox>
  );
}
