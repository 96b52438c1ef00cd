import { composeChunk, duplicatedPackages, packageOf, type ChunkComposition } from './bundle-composition';
import { formatFigure, percentile, verdictOf } from './figures';

describe('packageOf', () => {
  test.each([
    ['webpack://shell/../node_modules/react-dom/cjs/react-dom.production.min.js', 'react-dom'],
    ['webpack://mf_basket/../node_modules/@sentry/core/build/esm/index.js', '@sentry/core'],
    ['webpack://shell/../node_modules/a/node_modules/b/index.js', 'b'],
    ['webpack://mf_payment/./src/delivery/Step.tsx', 'ours:src'],
    ['webpack://mf_payment/../shared/src/ui/Button.tsx', 'ours:shared'],
    ['webpack://shell/webpack/runtime/load script', '(webpack runtime)'],
  ])('%s belongs to %s', (source, pkg) => expect(packageOf(source)).toBe(pkg));
});

describe('composeChunk', () => {
  test('attributes each byte to the source its mapping points at, glue before the first mapping to the runtime', () => {
    // Line 0: 'xxAAAABBB' — columns 0-1 unmapped, 2-5 source 0 (EAAA: col +2, src 0), 6-8 source 1 (ICAA: col +4, src +1).
    // Line 1: 'CC' — source 1 again (AAAA: col 0, src +0).
    const modules = composeChunk('xxAAAABBB\nCC', {
      sources: ['a.js', 'node_modules/lib/b.js'],
      mappings: 'EAAA,ICAA;AAAA',
    });
    const bytes = Object.fromEntries(modules.map((m) => [m.source, m.bytes]));
    // Each line's newline is counted with its last segment.
    expect(bytes).toEqual({ '(webpack runtime)': 2, 'a.js': 4, 'node_modules/lib/b.js': 4 + 3 });
    expect(modules.find((m) => m.source === 'node_modules/lib/b.js')?.pkg).toBe('lib');
  });
});

describe('duplicatedPackages', () => {
  const chunk = (name: string, parts: [string, number][]): ChunkComposition => ({
    chunk: name,
    bytes: parts.reduce((t, [, b]) => t + b, 0),
    modules: parts.map(([pkg, bytes]) => ({ source: `${pkg}/index.js`, pkg, bytes })),
  });

  test('lists a package found in two chunks, ignoring our code, webpack glue and tiny re-export shims', () => {
    const found = duplicatedPackages([
      chunk('shell/a.js', [
        ['zod', 9000],
        ['ours:shared', 5000],
        ['react-dom', 120000],
      ]),
      chunk('mf-payment/b.js', [
        ['zod', 9000],
        ['ours:shared', 4000],
        ['(webpack runtime)', 900],
      ]),
      chunk('shell/c.js', [
        ['react-dom', 100],
        ['(webpack runtime)', 900],
      ]),
    ]);
    expect(found).toEqual([
      {
        pkg: 'zod',
        chunks: [
          { chunk: 'shell/a.js', bytes: 9000 },
          { chunk: 'mf-payment/b.js', bytes: 9000 },
        ],
      },
    ]);
  });
});

describe('figures', () => {
  test('p95 of 20 samples is the 19th smallest; the median of 5 the 3rd', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => 20 - i);
    expect(percentile(twenty, 95)).toBe(19);
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
  });

  test('a max target passes at or below it, a min target at or above it', () => {
    expect(verdictOf({ name: 'JS', value: 150, unit: 'KiB', target: 150, kind: 'max' })).toBe('PASS');
    expect(verdictOf({ name: 'JS', value: 150.1, unit: 'KiB', target: 150, kind: 'max' })).toBe('MISS');
    expect(verdictOf({ name: 'rate', value: 999, unit: '/s', target: 1000, kind: 'min' })).toBe('MISS');
    expect(verdictOf({ name: 'raw', value: 3, unit: '/s', kind: 'info' })).toBe('INFO');
    expect(formatFigure({ name: 'JS', value: 161.26, unit: 'KiB', target: 150, kind: 'max' })).toBe(
      'MISS  JS: 161.26 KiB (target ≤ 150 KiB)',
    );
  });

  test("a peer's reference figure is printed after ours; counts and scores have no decimals", () => {
    expect(
      formatFigure({
        name: 'requests',
        value: 14,
        unit: 'requests',
        target: 12,
        kind: 'max',
        reference: 'Hi.Events 93',
      }),
    ).toBe('MISS  requests: 14 requests (target ≤ 12 requests) [Hi.Events 93]');
    expect(formatFigure({ name: 'TBT', value: 121.5, unit: 'ms', kind: 'info', reference: 'Hi.Events 550 ms' })).toBe(
      'INFO  TBT: 122 ms [Hi.Events 550 ms]',
    );
  });
});
