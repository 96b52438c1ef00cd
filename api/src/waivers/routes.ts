import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { hitRateLimit, rateKey } from '../identity/rate-limit';
import { CSS_TYPE, JS_TYPE, hashedAsset, serveAssets, type Asset } from '../pages/hashed-assets';
import { layout, type PageAssets } from '../pages/html';
import { pageScript } from '../pages/page-scripts';
import { testModeOf } from '../payment/modes';
import { waiverMessages } from './messages';
import { notFoundBody, waiverBody, type FormOutcome } from './page';
import { signerName } from './signer-name';
import { signWaiver, waiverSale, type WaiverSale } from './waivers';

/** A sale reference (sale/reference.ts): anything else is not looked up. */
const REFERENCE = /^CT-[A-HJ-NP-Z2-9]{16}$/;
const ROUTE = '/activity-terms-and-conditions/:reference/';
const SIGNATURES_PER_CLIENT = { limit: 60, windowSeconds: 15 * 60 };
const HTML = 'text/html; charset=utf-8';

/** The page's own script and stylesheet, and DOMPurify's browser build (it cleans the organiser's terms). */
function waiverAssets(app: FastifyInstance): Asset[] {
  const dir = path.join(__dirname, 'assets');
  // The source map comment would send browsers' developer tools to a file we do not serve.
  const purify = readFileSync(require.resolve('dompurify/dist/purify.min.js'), 'utf8').replace(
    /\n\/\/# sourceMappingURL=.*\s*$/,
    '\n',
  );
  const list = [
    hashedAsset('purify', 'js', JS_TYPE, purify),
    pageScript(__dirname, 'waiver'),
    hashedAsset('waiver', 'css', CSS_TYPE, readFileSync(path.join(dir, 'waiver.css'), 'utf8')),
  ];
  serveAssets(app, list);
  return list;
}

function normalisedReference(raw: string): string | undefined {
  const reference = raw.trim().toUpperCase();
  return REFERENCE.test(reference) ? reference : undefined;
}

/**
 * /activity-terms-and-conditions/{sale_reference}/ (spec 2, the waiver link): each member of a paid booking's party
 * reads the terms of its tickets and signs by typing their full name. The form posts with the XSRF header (the page's
 * script), and the answer is the page again: with the message beside the form when refused (nothing stored), with the
 * new name in the list when signed. The reference is a bearer secret: never cached, never sent on as a Referer.
 */
export function registerWaiverPages(app: FastifyInstance, { db, clock, config }: AppDeps, assets: PageAssets): void {
  const testMode = testModeOf(config.payment);
  const [purify, script, css] = waiverAssets(app) as [Asset, Asset, Asset];
  const pageAssets: PageAssets = { ...assets, styles: [...assets.styles, css.url] };

  /** The page (status as given), or the not-found page (404) when there is no such booking with terms to sign. */
  const send = (reply: FastifyReply, status: number, sale: WaiverSale | undefined, outcome?: FormOutcome) => {
    reply
      .code(sale ? status : 404)
      .header('content-type', HTML)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    if (!sale)
      return reply.send(layout({ title: waiverMessages.notFoundTitle, body: notFoundBody(), assets, testMode }));
    const title = `${outcome?.kind === 'error' ? 'Error: ' : ''}${waiverMessages.title}`;
    return reply.send(
      layout({
        title,
        body: waiverBody(sale, outcome),
        assets: pageAssets,
        scripts: [purify.url, script.url],
        testMode,
      }),
    );
  };

  app.get<{ Params: { reference: string } }>('/activity-terms-and-conditions/:reference', async (request, reply) =>
    reply.redirect(`/activity-terms-and-conditions/${encodeURIComponent(request.params.reference)}/`, 301),
  );

  app.get<{ Params: { reference: string } }>(ROUTE, async (request, reply) => {
    const reference = normalisedReference(request.params.reference);
    return send(reply, 200, reference ? await waiverSale(db, reference) : undefined);
  });

  app.post<{ Params: { reference: string }; Body: Record<string, unknown> | undefined }>(
    ROUTE,
    async (request, reply) => {
      const reference = normalisedReference(request.params.reference);
      const sale = reference ? await waiverSale(db, reference) : undefined;
      if (!sale) return send(reply, 404, undefined);
      const body = request.body ?? {};
      const waiverId =
        typeof body.waiver_id === 'string' && /^\d{1,9}$/.test(body.waiver_id) ? Number(body.waiver_id) : NaN;
      const waiver = sale.waivers.find((w) => w.id === waiverId);
      const typed = typeof body.name === 'string' ? body.name.slice(0, 1000) : '';
      const agreed = body.agree === 'yes';
      const refuse = (message: string, status = 400) =>
        send(reply, status, sale, { waiverId: waiver?.id ?? NaN, kind: 'error', message, name: typed, agreed });

      if (!waiver)
        return send(reply, 400, sale, {
          waiverId: sale.waivers[0]?.id ?? NaN,
          kind: 'error',
          message: waiverMessages.unknownWaiver,
        });
      const name = signerName(body.name);
      if (!name.ok) return refuse(name.error);
      if (!agreed) return refuse(waiverMessages.agreeRequired);
      const now = clock.now();
      const limited = await hitRateLimit(db, rateKey('waiver-sign-client', request.ip), SIGNATURES_PER_CLIENT, now);
      if (!limited.allowed) return refuse(waiverMessages.tooManyTries, 429);

      const outcome = await signWaiver(db, {
        saleId: sale.saleId,
        waiverId: waiver.id,
        name: name.name,
        key: name.key,
        now,
      });
      if (outcome === 'full') return refuse(waiverMessages.full, 409);
      const message = outcome === 'signed' ? waiverMessages.signed(name.name) : waiverMessages.alreadySigned(name.name);
      return send(reply, 200, await waiverSale(db, sale.reference), { waiverId: waiver.id, kind: 'success', message });
    },
  );
}
