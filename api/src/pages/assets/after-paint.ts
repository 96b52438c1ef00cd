/// <reference lib="dom" />
// A server-rendered /checkout/ shows its step, styled, from the page's own bytes. Its scripts (the shell, which
// hydrates the step) and the first step's remote files start once that has been painted, so that on a phone the first
// paint shares its round trips with nothing; the shell's scripts are already downloading (low-priority preloads in
// the head), so only their running waits. api/src/pages/shell.ts writes the list into the page.
import { AFTER_PAINT_ELEMENT_ID, readPageData, type AfterPaint, type AfterPaintPreload } from '@checkout/shared';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const isPreload = (value: unknown): value is AfterPaintPreload => {
  if (typeof value !== 'object' || value === null) return false;
  const { href, as, crossorigin } = value as Record<string, unknown>;
  return (
    typeof href === 'string' &&
    (as === 'script' || as === 'fetch') &&
    (crossorigin === undefined || crossorigin === 'anonymous')
  );
};

function readAfterPaint(): AfterPaint {
  const data = readPageData(document, AFTER_PAINT_ELEMENT_ID);
  if (typeof data !== 'object' || data === null) return { scripts: [], preloads: [] };
  const { scripts, preloads } = data as Record<string, unknown>;
  return { scripts: strings(scripts), preloads: Array.isArray(preloads) ? preloads.filter(isPreload) : [] };
}

function start({ scripts, preloads }: AfterPaint): void {
  for (const src of scripts) {
    const script = document.createElement('script');
    // In order, as the deferred scripts they replace ran.
    script.async = false;
    script.src = src;
    document.head.appendChild(script);
  }
  for (const preload of preloads) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = preload.as;
    link.href = preload.href;
    if (preload.crossorigin) link.crossOrigin = preload.crossorigin;
    document.head.appendChild(link);
  }
}

let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  start(readAfterPaint());
};
/**
 * Once the browser reports the page's first contentful paint (the step: the page's text is all in the step and the
 * frame around it), whose entry comes when the frame has been presented, not merely produced.
 */
function afterFirstPaint(work: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(work, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    observer.disconnect();
    setTimeout(work, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

if (document.visibilityState === 'visible') {
  afterFirstPaint(startOnce);
  // Frames can be held back (a busy phone, a tab hidden meanwhile): the page never waits long for its scripts.
  setTimeout(startOnce, 1500);
} else {
  // A tab opened in the background paints nothing until shown: nothing to wait for.
  startOnce();
}
