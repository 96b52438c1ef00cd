import { CHECKOUT_STATES, remoteForState } from '@checkout/shared';

/** The builds' list of exposed modules (tooling/remotes.cjs) must match the page's map (shared remoteForState). */
const built = jest.requireActual<Record<string, string[]>>('../../../tooling/remotes.cjs');

test('every state the shell can show is exposed by the remote it looks in, and nothing else is', () => {
  const expected: Record<string, string[]> = {};
  for (const state of CHECKOUT_STATES) {
    const location = remoteForState(state);
    if (location) (expected[location.remote] ??= []).push(location.module.replace('./', ''));
  }
  const sorted = (map: Record<string, string[]>) => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, [...v].sort()]));
  expect(sorted(built)).toEqual(sorted(expected));
});
