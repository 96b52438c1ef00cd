import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { inlinedStylesPlugin } from './federation';

type PreloadHookArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['beforePreloadRemote']>>[0];

test('a stylesheet the page carries inline is left out of what the runtime loads with the remote; others are not', () => {
  document.head.innerHTML = '<style data-href="https://r.test/basket.css">.b{}</style>';
  const op: PreloadHookArgs['preloadOps'][number] = {
    nameOrAlias: 'mf_basket',
    filter: (url) => !url.endsWith('x.js'),
  };
  void inlinedStylesPlugin(document).beforePreloadRemote?.({ preloadOps: [op] } as PreloadHookArgs);
  expect(op.filter?.('https://r.test/basket.css')).toBe(false);
  expect(op.filter?.('https://r.test/other.css')).toBe(true);
  // The filter the runtime was given still applies.
  expect(op.filter?.('https://r.test/x.js')).toBe(false);
});
