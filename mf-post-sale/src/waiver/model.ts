import { createEffect, createEvent, createStore, sample } from 'effector';
import { COPIED_NOTICE_MS } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/waiver';
import {
  depsReceived,
  shellCommandsSent,
  stepCompleted,
  type ShellCommand,
  type StepDeps,
} from '@checkout/shared/parcel';
import { copyToClipboard } from '@checkout/shared/ui';
import { copy } from './copy';

/** What the device's share sheet gets. */
export function shareDataFor(link: string): ShareData {
  return { title: copy.shareTitle, text: copy.shareText, url: link };
}

export const waiverShown = createEvent<{ deps: StepDeps; link: string }>();
export const copyClicked = createEvent();
export const shareClicked = createEvent();
export const continueClicked = createEvent();

/** The browser's side of things, as effects: a test replaces them with fork handlers. */
export const copyLinkFx = createEffect((link: string) => copyToClipboard(link));
export const shareLinkFx = createEffect(async (data: ShareData) => {
  await navigator.share(data);
});

export const $link = createStore('');
/** The copy was refused: the step says so and the buyer copies the link from its box. */
export const $copyFailed = createStore(false);

sample({ clock: waiverShown, fn: ({ deps }) => deps, target: depsReceived });
$link.on(waiverShown, (_, { link }) => link);
$copyFailed.reset(waiverShown, copyLinkFx.done).on(copyLinkFx.fail, () => true);

sample({ clock: copyClicked, source: $link, target: copyLinkFx });
sample({
  clock: copyLinkFx.done,
  fn: (): ShellCommand[] => [
    {
      kind: 'notify',
      notification: { type: 'success', text: messages.linkCopied, group: 'waiver-link', duration: COPIED_NOTICE_MS },
    },
  ],
  target: shellCommandsSent,
});

// Closing the share sheet without sharing rejects (AbortError): nothing to tell the buyer, so failures are ignored.
sample({ clock: shareClicked, source: $link, fn: shareDataFor, target: shareLinkFx });

sample({ clock: continueClicked, fn: () => [stepCompleted], target: shellCommandsSent });
