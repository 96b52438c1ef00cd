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
  waiverLink,
  waiverShown,
} from './model';

describe('waiverLink (spec 1: {host}/activity-terms-and-conditions/{sale_reference}/)', () => {
  test.each([
    [
      'https://tickets.example',
      'CT-ABCDEFGHJKLMNPQR',
      'https://tickets.example/activity-terms-and-conditions/CT-ABCDEFGHJKLMNPQR/',
    ],
    ['http://localhost:8080', 'CT-2345', 'http://localhost:8080/activity-terms-and-conditions/CT-2345/'],
    ['https://x.test', 'a/b?c', 'https://x.test/activity-terms-and-conditions/a%2Fb%3Fc/'],
  ])('%s + %s', (origin, reference, expected) => {
    expect(waiverLink(origin, reference)).toBe(expected);
  });
});

test('the share sheet gets the spec title and text with the link', () => {
  expect(shareDataFor('https://x.test/l/')).toEqual({
    title: 'Waiver to be signed',
    text: 'Please sign the following waiver.',
    url: 'https://x.test/l/',
  });
});

const LINK = 'https://tickets.example/activity-terms-and-conditions/CT-ABCDEFGHJKLMNPQR/';

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
