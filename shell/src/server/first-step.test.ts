import { serverEntryOf, serverRenderedStep } from './first-step';

test('only the basket is rendered on the server, from its remote; every other state renders in the browser', () => {
  expect(serverRenderedStep('basket')).toEqual({ remote: 'mf_basket', module: './basket' });
  for (const state of ['determining', 'captcha', 'reserve', 'login', 'payment', 'order_completed'] as const)
    expect(serverRenderedStep(state)).toBeNull();
});

test("a remote's server build lives in server/ beside its browser manifest", () => {
  expect(serverEntryOf('http://localhost:3001/mf-manifest.json')).toBe('http://localhost:3001/server/remoteEntry.js');
  expect(serverEntryOf('https://cdn.example/mf-basket/1.5/mf-manifest.json')).toBe(
    'https://cdn.example/mf-basket/1.5/server/remoteEntry.js',
  );
});
