import { pageIsDark } from './theme';

function deviceSays(dark: boolean | null) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value:
      dark === null
        ? undefined
        : (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && dark, media: query }),
  });
}

describe('pageIsDark: the user first, then the device', () => {
  test.each<[string, boolean | undefined, boolean | null, boolean]>([
    ['a user who prefers dark, on a light device', true, false, true],
    ['no preference, a dark device', undefined, true, true],
    ['a user without the preference, a dark device', false, true, true],
    ['no preference, a light device', undefined, false, false],
    ['no preference, a browser that cannot say', undefined, null, false],
  ])('%s', (_name, user, device, dark) => {
    deviceSays(device);
    expect(pageIsDark(user)).toBe(dark);
  });
});
