/** What `npm run bench` keeps of a Lighthouse result, and its figures (pure: no browser, no Lighthouse loaded). */
import * as z from 'zod/mini';
import { median, type Figure } from './figures';

/**
 * The part of Lighthouse's JSON result (its `Result` type) read here. An audit's details are kept as they come and read
 * by shape below: they are a union of a dozen table, list and debug kinds, and only a few fields of three are used.
 */
export const lighthouseResultSchema = z.object({
  lighthouseVersion: z.string(),
  runWarnings: z.array(z.string()),
  /** Set when the page could not be measured (no paint, a protocol timeout…): the figures are then meaningless. */
  runtimeError: z.optional(z.object({ code: z.string(), message: z.string() })),
  categories: z.record(z.string(), z.object({ score: z.nullable(z.number()) })),
  audits: z.record(z.string(), z.object({ numericValue: z.optional(z.number()), details: z.optional(z.unknown()) })),
});

export type LighthouseResult = z.infer<typeof lighthouseResultSchema>;

export interface LighthouseRun {
  lighthouseVersion: string;
  /** 0–100, as the report shows it. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  speedIndexMs: number;
  /** The element Lighthouse took as the largest contentful paint: its selector and the start of its markup. */
  lcpElement: string | null;
  /** LCP split into its subparts (time to first byte, load delay, load duration, render delay), simulated ms. */
  lcpPhases: { phase: string; ms: number }[];
  /** Every request of the load Lighthouse observed (up to network quiet, so prefetches of the next step too). */
  requests: number;
  /** Requests per resource type. */
  requestsByType: Record<string, number>;
  /** Main-thread time per category (script evaluation, style and layout, …), ms at Lighthouse's CPU slowdown. */
  mainThread: { group: string; ms: number }[];
  /** Script time per URL: evaluation and parse/compile, ms at Lighthouse's CPU slowdown. */
  bootup: { url: string; totalMs: number; scriptingMs: number; parseCompileMs: number }[];
  /** Lighthouse's 'diagnostics' audit: request, script and byte counts, RTTs, main-thread task figures. */
  diagnostics: Record<string, number>;
  runWarnings: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);

/** The items of a table-shaped audit detail ('table', 'opportunity', or 'debugdata' with items); none otherwise. */
function rowsOf(details: unknown): Record<string, unknown>[] {
  if (!isRecord(details) || !['table', 'opportunity', 'debugdata'].includes(String(details.type))) return [];
  return Array.isArray(details.items) ? details.items.filter(isRecord) : [];
}

/** The tables inside a 'list' detail (a list holds tables directly or inside 'list-section' items). */
function tablesOf(details: unknown): unknown[] {
  if (!isRecord(details) || details.type !== 'list' || !Array.isArray(details.items)) return [];
  return details.items.map((item: unknown) => (isRecord(item) && item.type === 'list-section' ? item.value : item));
}

function describeNode(node: unknown): string | null {
  if (!isRecord(node)) return null;
  const selector = typeof node.selector === 'string' ? node.selector : '';
  const snippet = typeof node.snippet === 'string' ? node.snippet.slice(0, 160) : '';
  return [selector, snippet].filter((part) => part !== '').join(' ') || null;
}

/** The figures and diagnostics of one Lighthouse result. */
export function lighthouseRunOf(lhr: LighthouseResult): LighthouseRun {
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => numberOf(audit(id)?.numericValue);
  // Lighthouse 13's LCP breakdown insight: a list holding the subparts table and the LCP element's node item.
  const breakdown = tablesOf(audit('lcp-breakdown-insight')?.details).filter(isRecord);
  const phaseTable = breakdown.find((item) => item.type === 'table');
  const elementNode = breakdown.find((item) => item.type === 'node');
  const requestRows = rowsOf(audit('network-requests')?.details);
  const requestsByType: Record<string, number> = {};
  for (const row of requestRows) {
    const type = typeof row.resourceType === 'string' ? row.resourceType : 'Other';
    requestsByType[type] = (requestsByType[type] ?? 0) + 1;
  }
  const diagnostics: Record<string, number> = {};
  for (const [key, value] of Object.entries(rowsOf(audit('diagnostics')?.details)[0] ?? {}))
    if (typeof value === 'number') diagnostics[key] = value;
  const score = lhr.categories.performance?.score;
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    score: typeof score === 'number' ? Math.round(score * 100) : Number.NaN,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    lcpElement: describeNode(elementNode),
    lcpPhases: rowsOf(phaseTable).map((row) => ({ phase: String(row.label), ms: Math.round(numberOf(row.duration)) })),
    requests: requestRows.length,
    requestsByType,
    mainThread: rowsOf(audit('mainthread-work-breakdown')?.details).map((row) => ({
      group: typeof row.groupLabel === 'string' ? row.groupLabel : String(row.group),
      ms: Math.round(numberOf(row.duration)),
    })),
    bootup: rowsOf(audit('bootup-time')?.details).map((row) => ({
      url: String(row.url),
      totalMs: Math.round(numberOf(row.total)),
      scriptingMs: Math.round(numberOf(row.scripting)),
      parseCompileMs: Math.round(numberOf(row.scriptParseCompile)),
    })),
    diagnostics,
    runWarnings: lhr.runWarnings,
  };
}

/** Targets from the issue, beside Hi.Events' checkout measured the same way (client-rendered / server-rendered). */
export function lighthouseFigures(runs: readonly LighthouseRun[]): Figure[] {
  const of = (key: 'score' | 'lcpMs' | 'tbtMs' | 'fcpMs' | 'cls' | 'speedIndexMs') => median(runs.map((r) => r[key]));
  const version = runs[0]?.lighthouseVersion ?? '';
  const label = `Lighthouse ${version} mobile defaults, basket step, median of ${runs.length}`;
  return [
    {
      name: `${label}: performance score`,
      value: of('score'),
      unit: '/100',
      target: 99,
      kind: 'min',
      reference: 'Hi.Events 54 / 80',
    },
    {
      name: `${label}: LCP`,
      value: of('lcpMs') / 1000,
      unit: 's',
      target: 1.2,
      kind: 'max',
      reference: 'Hi.Events 8.4 / 2.2 s',
    },
    { name: `${label}: TBT`, value: of('tbtMs'), unit: 'ms', kind: 'info', reference: 'Hi.Events 550 / 639 ms' },
    { name: `${label}: FCP`, value: of('fcpMs') / 1000, unit: 's', kind: 'info' },
    { name: `${label}: CLS`, value: of('cls'), unit: '', kind: 'info' },
    { name: `${label}: Speed Index`, value: of('speedIndexMs') / 1000, unit: 's', kind: 'info' },
  ];
}
