import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CSS_TYPE, hashedAsset, serveAssets } from '../web/hashed-assets';
import { html, layout, type PageAssets } from '../web/html';
import { pageScript } from '../web/page-scripts';
import { DOOR_PAGE_PATH } from './operations';

/** The door page alone may use the camera (every other answer of the app refuses it: http/security-headers.ts). */
export const DOOR_PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=()';

export const doorBody = html`<section class="door stack" aria-labelledby="door-title" data-door>
<h1 id="door-title">Door check-in</h1>
<p class="door__who" data-door-who>Reading the door link…</p>
<div class="door__result" role="status" aria-live="assertive" aria-atomic="true" data-door-result></div>
<div class="door__camera stack">
<button class="btn btn--secondary door__camera-button" type="button" data-door-camera aria-pressed="false">Scan with camera</button>
<p class="door__camera-status" role="status" data-door-camera-status></p>
<video class="door__video" data-door-video muted playsinline hidden aria-label="Camera view: hold the ticket's QR code in the frame"></video>
</div>
<form class="door__form stack" data-door-form novalidate>
<label class="door__label" for="door-code">Ticket code</label>
<input class="door__input" id="door-code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" enterkeyhint="go" aria-describedby="door-code-hint">
<p class="door__hint" id="door-code-hint">20 letters and digits, as printed under the ticket's QR code. Spaces do not matter.</p>
<button class="btn btn--primary door__submit" type="submit">Check in</button>
</form>
</section>`;

/**
 * /door/: the scanner page for door staff, opened from a door token's link (`/door/#token=…`). The token stays in
 * the fragment, which browsers never send, and the page's script moves it into sessionStorage; the page itself is the
 * same for everyone and holds no secret. It checks tickets in with the organiser API (door/operations.ts).
 */
export function registerDoorPage(app: FastifyInstance, assets: PageAssets): void {
  const script = pageScript(__dirname, 'door');
  const css = hashedAsset('door', 'css', CSS_TYPE, readFileSync(path.join(__dirname, 'assets', 'door.css'), 'utf8'));
  serveAssets(app, [script, css]);
  const page = layout({
    title: 'Door check-in',
    body: doorBody,
    assets: { ...assets, styles: [...assets.styles, css.url] },
    scripts: [script.url],
    // The door staff's scanner takes no payment, and its page is the same for every door: no TEST MODE strip.
    testMode: false,
  });
  app.get(DOOR_PAGE_PATH.slice(0, -1), async (_request, reply) => reply.redirect(DOOR_PAGE_PATH, 301));
  app.get(DOOR_PAGE_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .header('permissions-policy', DOOR_PERMISSIONS_POLICY)
      .send(page),
  );
}
