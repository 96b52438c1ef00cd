import zlib from 'node:zlib';
import type { Page, Request } from '@playwright/test';

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
}

/**
 * Weighs every script and stylesheet the page requested until `load` resolved (the moment the step is usable), with
 * each body's gzip size (level 9, computed here so the figure does not depend on how the server compresses). What is
 * requested afterwards — the idle-time prefetch of the next step's remote — is not part of the figure.
 */
export async function measurePageWeight(page: Page, load: () => Promise<void>): Promise<PageWeight> {
  const requested: Request[] = [];
  const onRequest = (request: Request) => {
    const type = request.resourceType();
    if (type === 'script' || type === 'stylesheet') requested.push(request);
  };
  page.on('request', onRequest);
  try {
    await load();
  } finally {
    page.off('request', onRequest);
  }
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
  const sum = (kind: AssetWeight['kind']) => assets.filter((a) => a.kind === kind).reduce((total, a) => total + a.gzipBytes, 0);
  return { jsGzip: sum('js'), cssGzip: sum('css'), assets };
}

export const KiB = 1024;
