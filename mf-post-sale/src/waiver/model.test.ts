import { allSettled, fork } from 'effector';
import * as messages from '@checkout/shared/messages/waiver';
import { shellCommandsFx, type ShellCommand, type StepDeps } from '@checkout/shared/parcel';
import { createFakeApi, fakeStepProps } from '@checkout/shared/testing';
import {
  $copyFailed,
  $link,
  continueClicked,
  copyClicked,
  copyLinkFx,
  shareClicked,
  shareDataFor,
  shareLinkFx,
  waiverShown,
} from './model';

test('the share sheet gets the spec title and text with the link', () => {
  expect(shareDataFor('https://x.test/l/')).toEqual({
    title: 'Waiver to be signed',
    text: 'Please sign the following waiver.',
    url: 'https://x.test/l/',
  });
});

const LINK = 'https://tickets.example/activity-terms-and-conditions/CT-ABCDEFGHJKLMNPQR/?key=AbCdEfGhIjKlMnOpQrStUv';

function setup(copyResult: 'ok' | 'refused' = 'ok') {
  const sent: ShellCommand[] = [];
  const copied: string[] = [];
  const shared: ShareData[] = [];
  const scope = fork({
    handlers: [
      [shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)],
      [
        copyLinkFx,
        async (text: string) => {
          if (copyResult === 'refused') throw new Error('not allowed');
          copied.push(text);
        },
      ],
      [
        shareLinkFx,
        async (data: ShareData) => {
          shared.push(data);
          throw new DOMException('Share canceled', 'AbortError');
        },
      ],
    ],
  });
  const deps: StepDeps = { api: createFakeApi(), commands: fakeStepProps().commands, config: { apiBase: '' } };
  return { scope, sent, copied, shared, show: () => allSettled(waiverShown, { scope, params: { deps, link: LINK } }) };
}

test('Copy link puts the link on the clipboard and toasts "Link copied"', async () => {
  const { scope, sent, copied, show } = setup();
  await show();
  expect(scope.getState($link)).toBe(LINK);
  await allSettled(copyClicked, { scope });
  expect(copied).toEqual([LINK]);
  expect(sent).toEqual([
    {
      kind: 'notify',
      notification: { type: 'success', text: messages.linkCopied, group: 'waiver-link', duration: 2000 },
    },
  ]);
  expect(scope.getState($copyFailed)).toBe(false);
});

test('a refused copy: no toast, the step asks the buyer to copy from the box', async () => {
  const { scope, sent, show } = setup('refused');
  await show();
  await allSettled(copyClicked, { scope });
  expect(sent).toEqual([]);
  expect(scope.getState($copyFailed)).toBe(true);
});

test('Share hands the link to the share sheet; closing it unshared says nothing', async () => {
  const { scope, sent, shared, show } = setup();
  await show();
  await allSettled(shareClicked, { scope });
  expect(shared).toEqual([{ title: 'Waiver to be signed', text: 'Please sign the following waiver.', url: LINK }]);
  expect(sent).toEqual([]);
});

test('Continue completes the step', async () => {
  const { scope, sent, show } = setup();
  await show();
  await allSettled(continueClicked, { scope });
  expect(sent).toEqual([{ kind: 'stepCompleted' }]);
});
