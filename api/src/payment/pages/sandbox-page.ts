import * as commonMessages from '@checkout/shared/messages/common';
import { html, type SafeHtml } from '../../web/html';

/**
 * The frame of the offline payment sandboxes' pages (3-D Secure, bank portal): standalone, server-rendered, every
 * value escaped, readable on a phone, and labelled TEST MODE at the top so nobody mistakes it for a real bank (it is
 * served only while a sandbox takes test money).
 */
const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--bg:#f6f6f8;--card:#fff;--line:#d0d0d8;--accent:#5b3cc4;--warn:#8a4b00;--warn-bg:#fff3d6}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--bg:#16161a;--card:#222228;--line:#3a3a44;--accent:#a48cff;--warn:#ffcf7a;--warn-bg:#3a2b0c}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
.sandbox-banner{margin:0;padding:.6rem 1rem;background:var(--warn-bg);color:var(--warn);font-weight:700;text-align:center;border-bottom:2px dashed var(--warn)}
main{max-width:28rem;margin:1.5rem auto;padding:0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.25rem}
h1{font-size:1.35rem;margin:0 0 .75rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}dt{font-weight:600}dd{margin:0}
.actions{display:flex;flex-direction:column;gap:.6rem}
button{font:inherit;min-height:44px;padding:.6rem 1rem;border-radius:8px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
p.note{font-size:.9rem;opacity:.85}`;

export function sandboxPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} (Sandbox)</title>
<style>${STYLE}</style>
</head>
<body>
<p class="sandbox-banner" role="note">${commonMessages.testModeNotice}</p>
<main id="main">
<div class="card">
${body}
</div>
</main>
</body>
</html>
`.value;
}
