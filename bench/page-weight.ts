import zlib from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import { duplicatedPackages, packagesOf, type ChunkComposition } from './bundle-composition';

export interface AssetWeight {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  jsGzip: number;
  cssGzip: number;
  assets: AssetWeight[];
  /** Every request the page made meanwhile (document, scripts, styles, fetches, manifests…): [resource type, URL]. */
  requests: [string, string][];
}

/**
 * Weighs every script and stylesheet the page requested until `load` resolved (the moment the step is usable), with
 * each body's gzip size (level 9, computed here so the figure does not depend on how the server compresses), and lists
 * every request of any kind made meanwhile. What is requested afterwards — the idle-time prefetch of the next step's
 * remote — is not part of the figures. When `load` resolves with the moment the page itself saw the step usable (ms
 * since the epoch, as `reserveEnabled` does), a request the browser started after that moment is left out too: on a
 * busy machine the prefetch can start before the bench hears that the step is usable.
 */
export async function measurePageWeight(page: Page, load: () => Promise<number | void>): Promise<PageWeight> {
  const seen: Request[] = [];
  const onRequest = (request: Request) => seen.push(request);
  page.on('request', onRequest);
  let usableAt: number | void;
  try {
    usableAt = await load();
  } finally {
    page.off('request', onRequest);
  }
  const before = await requestsStartedBy(seen, usableAt);
  const requests = before.map((request): [string, string] => [request.resourceType(), request.url()]);
  const requested = before.filter((request) => ['script', 'stylesheet'].includes(request.resourceType()));
  const assets = (
    await Promise.all(
      requested.map(async (request): Promise<AssetWeight | null> => {
        const response = await request.response();
        const body = await response?.body().catch(() => null);
        if (!body) return null;
        return {
          url: request.url(),
          kind: request.resourceType() === 'script' ? 'js' : 'css',
          bytes: body.length,
          gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
        };
      }),
    )
  ).filter((a): a is AssetWeight => a !== null);
  const sum = (kind: AssetWeight['kind']) =>
    assets.filter((a) => a.kind === kind).reduce((total, a) => total + a.gzipBytes, 0);
  return { jsGzip: sum('js'), cssGzip: sum('css'), assets, requests };
}

/** The requests the browser started by `moment` (ms since the epoch); all of them without one. */
async function requestsStartedBy(requests: Request[], moment: number | void): Promise<Request[]> {
  if (moment === undefined) return requests;
  // Playwright fills a request's timing in when its response arrives; one with no response within 10 s is kept.
  const started = await Promise.all(
    requests.map(async (request) => {
      await Promise.race([request.response().catch(() => null), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      const { startTime } = request.timing();
      return startTime <= 0 || startTime <= moment;
    }),
  );
  return requests.filter((_, index) => started[index]);
}

export const KiB = 1024;

// ---- What the weighed scripts are made of -----------------------------------------------------------------------

export interface WeightReport {
  /** Each fetched asset: '<workspace>/<file>' (or its URL when no workspace served it), kind, gzip KiB. */
  assets: { asset: string; kind: AssetWeight['kind']; gzipKiB: number }[];
  /** Minified KiB per package over the fetched scripts, biggest first. */
  packages: { pkg: string; minKiB: number }[];
  /** The biggest source modules over the fetched scripts (minified KiB). */
  biggestModules: { source: string; minKiB: number }[];
  /** Packages that appear in more than one fetched script: a second copy of something. */
  duplicatedPackages: { pkg: string; chunks: { chunk: string; minKiB: number }[] }[];
  /** Every request made meanwhile, in order: '<resource type> <asset or URL>'. */
  requests: string[];
}

const kib = (bytes: number) => +(bytes / KiB).toFixed(1);

/** Attributes the fetched scripts' bytes to packages and modules through the builds' source maps. */
export function weightReport(
  weight: PageWeight,
  workspaceOf: (url: string) => string | null,
  chunks: readonly ChunkComposition[],
): WeightReport {
  const byName = new Map(chunks.map((c) => [c.chunk, c]));
  const nameOf = (url: string) => {
    const workspace = workspaceOf(url);
    return workspace ? `${workspace}/${new URL(url).pathname.split('/').pop() ?? ''}` : url;
  };
  const named = weight.assets.map((a) => ({ ...a, asset: nameOf(a.url) }));
  const fetched = named.flatMap((a) =>
    a.kind === 'js' ? [byName.get(a.asset)].filter((c): c is ChunkComposition => c !== undefined) : [],
  );
  const modules = new Map<string, number>();
  for (const chunk of fetched)
    for (const m of chunk.modules) modules.set(m.source, (modules.get(m.source) ?? 0) + m.bytes);
  return {
    requests: weight.requests.map(([type, url]) => `${type} ${nameOf(url)}`),
    assets: named
      .map((a) => ({ asset: a.asset, kind: a.kind, gzipKiB: kib(a.gzipBytes) }))
      .sort((a, b) => b.gzipKiB - a.gzipKiB),
    packages: packagesOf(fetched).map((p) => ({ pkg: p.pkg, minKiB: kib(p.bytes) })),
    biggestModules: [...modules]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([source, bytes]) => ({ source, minKiB: kib(bytes) })),
    duplicatedPackages: duplicatedPackages(fetched).map((d) => ({
      pkg: d.pkg,
      chunks: d.chunks.map((c) => ({ chunk: c.chunk, minKiB: kib(c.bytes) })),
    })),
  };
}

export function describeWeightReport(title: string, report: WeightReport): string[] {
  const lines = [`${title}: ${report.assets.length} assets, ${report.requests.length} requests`];
  lines.push(
    `  biggest packages (minified KiB): ${report.packages
      .slice(0, 10)
      .map((p) => `${p.pkg} ${p.minKiB}`)
      .join(', ')}`,
  );
  lines.push(
    `  biggest modules (minified KiB): ${report.biggestModules
      .slice(0, 8)
      .map((m) => `${m.source.replace(/^.*node_modules\//, '')} ${m.minKiB}`)
      .join(', ')}`,
  );
  lines.push(
    report.duplicatedPackages.length === 0
      ? '  packages in more than one fetched script: none'
      : `  packages in more than one fetched script: ${report.duplicatedPackages.map((d) => `${d.pkg} (${d.chunks.map((c) => `${c.chunk} ${c.minKiB}`).join(', ')})`).join('; ')}`,
  );
  return lines;
}
