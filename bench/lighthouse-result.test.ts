import { formatFigure } from './figures';
import {
  lighthouseFigures,
  lighthouseResultSchema,
  lighthouseRunOf,
  type LighthouseResult,
  type LighthouseRun,
} from './lighthouse-result';

/** The shapes Lighthouse 13 writes for the audits read here, cut down to a row or two each. */
const lhr: LighthouseResult = {
  lighthouseVersion: '13.5.0',
  runWarnings: ['The tested device appears to have a slower CPU than Lighthouse expects.'],
  categories: { performance: { score: 0.974 } },
  audits: {
    'largest-contentful-paint': { numericValue: 1843.2 },
    'total-blocking-time': { numericValue: 121.5 },
    'first-contentful-paint': { numericValue: 905 },
    'cumulative-layout-shift': { numericValue: 0.0071 },
    'speed-index': { numericValue: 1310 },
    'lcp-breakdown-insight': {
      details: {
        type: 'list',
        items: [
          {
            type: 'table',
            headings: [],
            items: [
              { subpart: 'timeToFirstByte', label: 'Time to first byte', duration: 600.4 },
              { subpart: 'elementRenderDelay', label: 'Element render delay', duration: 1242.8 },
            ],
          },
          {
            type: 'node',
            selector: 'main > section.basket > h1',
            snippet: '<h1 class="basket-title">',
            nodeLabel: 'Your basket',
          },
        ],
      },
    },
    'network-requests': {
      details: {
        type: 'table',
        headings: [],
        items: [
          { url: 'http://localhost/checkout/', resourceType: 'Document' },
          { url: 'http://localhost/main.js', resourceType: 'Script' },
          { url: 'http://localhost/bootstrap.js', resourceType: 'Script' },
          { url: 'http://localhost/ajax/get/', resourceType: 'Fetch' },
        ],
      },
    },
    'mainthread-work-breakdown': {
      details: {
        type: 'table',
        headings: [],
        items: [{ group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 512.6 }],
      },
    },
    'bootup-time': {
      details: {
        type: 'table',
        headings: [],
        items: [{ url: 'http://localhost/main.js', total: 300.2, scripting: 250.1, scriptParseCompile: 20.4 }],
      },
    },
    diagnostics: {
      details: { type: 'debugdata', items: [{ numRequests: 4, numScripts: 2, rtt: 0.1, note: 'text' }] },
    },
  },
};

describe('lighthouseResultSchema', () => {
  test("reads Lighthouse's JSON, whatever else it holds, and refuses one without audits", () => {
    const json: unknown = JSON.parse(JSON.stringify({ ...lhr, fetchTime: '2026-11-25T19:00:00Z', i18n: {} }));
    expect(lighthouseResultSchema.parse(json).audits['speed-index']?.numericValue).toBe(1310);
    expect(lighthouseResultSchema.safeParse({ ...lhr, audits: undefined }).success).toBe(false);
  });
});

describe('lighthouseRunOf', () => {
  test('reads the score as the report shows it, the metrics, the LCP element and its phases', () => {
    const run = lighthouseRunOf(lhr);
    expect(run).toMatchObject({
      lighthouseVersion: '13.5.0',
      score: 97,
      lcpMs: 1843.2,
      tbtMs: 121.5,
      fcpMs: 905,
      cls: 0.0071,
      speedIndexMs: 1310,
      lcpElement: 'main > section.basket > h1 <h1 class="basket-title">',
      lcpPhases: [
        { phase: 'Time to first byte', ms: 600 },
        { phase: 'Element render delay', ms: 1243 },
      ],
    });
  });

  test('counts the requests by type and keeps the main-thread breakdown, script time and numeric diagnostics', () => {
    const run = lighthouseRunOf(lhr);
    expect(run.requests).toBe(4);
    expect(run.requestsByType).toEqual({ Document: 1, Script: 2, Fetch: 1 });
    expect(run.mainThread).toEqual([{ group: 'Script Evaluation', ms: 513 }]);
    expect(run.bootup).toEqual([
      { url: 'http://localhost/main.js', totalMs: 300, scriptingMs: 250, parseCompileMs: 20 },
    ]);
    expect(run.diagnostics).toEqual({ numRequests: 4, numScripts: 2, rtt: 0.1 });
    expect(run.runWarnings).toHaveLength(1);
  });

  test('an audit missing or without details gives NaN and empty lists, not an exception', () => {
    const run = lighthouseRunOf({
      lighthouseVersion: '13.5.0',
      runWarnings: [],
      categories: { performance: { score: null } },
      audits: { 'lcp-breakdown-insight': { details: { type: 'debugdata' } } },
    });
    expect(run.score).toBeNaN();
    expect(run.lcpMs).toBeNaN();
    expect(run.lcpElement).toBeNull();
    expect(run.lcpPhases).toEqual([]);
    expect(run.requests).toBe(0);
    expect(run.diagnostics).toEqual({});
  });
});

describe('lighthouseFigures', () => {
  const run = (score: number, lcpMs: number): LighthouseRun => ({ ...lighthouseRunOf(lhr), score, lcpMs });

  test('takes the median of the runs and judges score and LCP against the targets, beside Hi.Events', () => {
    const figures = lighthouseFigures([run(96, 1900), run(99, 1100), run(97, 1500), run(100, 1000), run(98, 1300)]);
    expect(figures.map(formatFigure).slice(0, 2)).toEqual([
      'MISS  Lighthouse 13.5.0 mobile defaults, basket step, median of 5: performance score: 98 /100 (target ≥ 99 /100) [Hi.Events 54 / 80]',
      'MISS  Lighthouse 13.5.0 mobile defaults, basket step, median of 5: LCP: 1.3 s (target ≤ 1.2 s) [Hi.Events 8.4 / 2.2 s]',
    ]);
    expect(figures.find((f) => f.name.endsWith('TBT'))).toMatchObject({ value: 121.5, kind: 'info' });
  });
});
