/**
 * A standard XSS payload list (OWASP filter-evasion cheat sheet, PortSwigger's list and DOMPurify's own mXSS cases),
 * each trying to set `window.__xss` and call `alert`. Used where organisers' HTML is shown (SafeHtml unit test, the
 * page in e2e/specs/xss.spec.ts) and where buyers' text is shown (names on the waiver page). Tests only.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1;alert(1)</script>',
  '"><script>window.__xss=1;alert(1)</script>',
  "'><script>window.__xss=1;alert(1)</script>",
  '</textarea><script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<IMG SRC=x OnErRoR=window.__xss=1>',
  '<svg onload="window.__xss=1;alert(1)"></svg>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"></animate></svg>',
  '<a href="javascript:window.__xss=1;alert(1)">xss-link</a>',
  '<a href="JaVaScRiPt:window.__xss=1">xss-link-2</a>',
  '<a href="&#106;avascript:window.__xss=1">xss-link-3</a>',
  '<iframe srcdoc="<script>parent.__xss=1;parent.alert(1)</script>"></iframe>',
  '<iframe src="javascript:parent.__xss=1"></iframe>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<body onload="window.__xss=1">',
  '<input autofocus onfocus="window.__xss=1;alert(1)">',
  '<details open ontoggle="window.__xss=1;alert(1)"><summary>x</summary></details>',
  '<div onmouseover="window.__xss=1;alert(1)">xss-hover</div>',
  '<video><source onerror="window.__xss=1"></video>',
  '<audio src=x onerror="window.__xss=1"></audio>',
  '<marquee onstart="window.__xss=1">x</marquee>',
  '<form action="javascript:window.__xss=1"><button>xss-submit</button></form>',
  '<button formaction="javascript:window.__xss=1">xss-button</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<style>@import "javascript:window.__xss=1";</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<img src="x` `<script>window.__xss=1</script>"` `>',
];

/** What a cleaned fragment must never contain: elements that run or load code, handlers, script URLs. */
export function hostileMarkupIn(root: ParentNode): string[] {
  const found: string[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'meta', 'base', 'frame', 'frameset'].includes(tag))
      found.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'srcdoc' || name === 'formaction') found.push(`${tag}[${name}]`);
      if (
        ['href', 'src', 'action', 'data', 'xlink:href'].includes(name) &&
        /^\s*(javascript|data|vbscript):/i.test(attribute.value)
      )
        found.push(`${tag}[${name}=${attribute.value}]`);
    }
  }
  return found;
}
