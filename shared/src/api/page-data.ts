/**
 * Data the api writes into /checkout/ as JSON data blocks (<script type="application/json">, never executed, so the
 * page's no-inline-script policy allows them): the page reads them instead of asking for them, a round trip saved each.
 */

/** /remotes.json's body (the remotes' manifests and the page's runtime configuration), as the api would answer it. */
export const SHELL_RUNTIME_ELEMENT_ID = 'checkout-runtime';

/**
 * What a server-rendered page starts once it has painted (its step is already on screen, styled, so nothing need
 * share the phone's first round trips with it): the shell's scripts, run in order, and the first step's remote files
 * to preload (api/src/pages/assets/after-paint.ts reads it).
 */
export const AFTER_PAINT_ELEMENT_ID = 'checkout-after-paint';

/** One file to preload, as `<link rel="preload">` takes it. */
export interface AfterPaintPreload {
  href: string;
  as: 'script' | 'fetch';
  /** Only 'anonymous' (the manifest, which the federation runtime fetches with CORS); absent for scripts. */
  crossorigin?: 'anonymous';
}

export interface AfterPaint {
  scripts: string[];
  preloads: AfterPaintPreload[];
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text made safe to put inside a <script type="application/json"> element. `<` is written as \u003c (and `>`,
 * `&`, the two JavaScript line separators alike) so no value, a ticket named `</script>` or `<!--` say, can end the
 * element or change how the HTML parser reads it; JSON.parse reads the escapes back as the same characters (outside
 * strings JSON has none of these characters).
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (character) => UNSAFE_IN_SCRIPT[character] ?? '');
}

/** The parsed JSON of the page's data block `id`; undefined when the page has none or it is not JSON. */
export function readPageData(document: Pick<Document, 'getElementById'>, id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
