import zlib from 'node:zlib';
import type { Page } from '@playwright/test';

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
 * Records every script and stylesheet the page fetches until `ready` resolves, with each body's gzip size (level 9,
 * computed here so the figure does not depend on how the server compresses).
 */
export async function measurePageWeight(page: Page, load: () => Promise<void>): Promise<PageWeight> {
  const pending: Promise<AssetWeight | null>[] = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          kind: type === 'script' ? ('js' as const) : ('css' as const),
          bytes: body.length,
          gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
        }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  try {
    await load();
  } finally {
    page.off('response', onResponse);
  }
  const assets = (await Promise.all(pending)).filter((a): a is AssetWeight => a !== null);
  const sum = (kind: AssetWeight['kind']) => assets.filter((a) => a.kind === kind).reduce((total, a) => total + a.gzipBytes, 0);
  return { jsGzip: sum('js'), cssGzip: sum('css'), assets };
}

export const KiB = 1024;
