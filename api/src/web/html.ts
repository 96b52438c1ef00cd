import * as commonMessages from '@checkout/shared/messages/common';

/** Server-rendered pages: every dynamic value goes through `escapeHtml` (the `html` tag does it for you). */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Markup that is already safe (built by `html`): not escaped again when nested. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = string | number | SafeHtml | null | undefined | false | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** A template tag that escapes every interpolated value except nested `html` results. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** What every page's frame is built from: its stylesheets and scripts, and the name its header shows. */
export interface PageAssets {
  /** URLs of the stylesheets (content-hashed). */
  styles: readonly string[];
  /** URL of the events page script. */
  eventsScript: string;
  /** The marketplace's name (AppConfig.marketplaceName), the same in the checkout's header and every email. */
  marketplaceName: string;
}

export interface LayoutOptions {
  title: string;
  body: SafeHtml;
  assets: PageAssets;
  scripts?: readonly string[];
  /** More of the head (a page's own meta elements). */
  head?: SafeHtml;
  /** Some way of paying takes test money (payment/modes.ts testModeOf): the page says TEST MODE above everything. */
  testMode: boolean;
}

/** The TEST MODE strip every page and the checkout's frame show while test money is taken; nothing otherwise. */
export function testModeBanner(testMode: boolean): SafeHtml {
  return testMode ? html`<p class="test-mode" role="note">${commonMessages.testModeNotice}</p>` : html``;
}

export function layout({ title, body, assets, scripts = [], head, testMode }: LayoutOptions): string {
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
${assets.styles.map((href) => html`<link rel="stylesheet" href="${href}">`)}
${head}
</head>
<body>
<header class="site-header">${testModeBanner(testMode)}<nav class="container cluster" aria-label="Site">
<a class="site-header__brand" href="/all-events/">${assets.marketplaceName}</a>
<a class="btn btn--secondary" href="/checkout/">Go to checkout</a>
</nav></header>
<main class="container stack" id="main">
${body}
</main>
<footer class="site-footer"><nav class="container cluster" aria-label="Legal">
<a href="/refund-policy/">Refund policy</a>
<a href="/legal-information/purchase-terms-and-conditions/">Purchase terms and conditions</a>
</nav></footer>
${scripts.map((src) => html`<script src="${src}" defer></script>`)}
</body>
</html>
`.value;
}
