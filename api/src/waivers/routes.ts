import { readFileSync } from 'node:fs';
import path from 'node:path';
import { waiverPath, WAIVER_KEY_PARAM, WAIVER_PATH_PREFIX } from '@checkout/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { hitRateLimit, rateKey } from '../http/rate-limit';
import { CSS_TYPE, JS_TYPE, hashedAsset, serveAssets, type Asset } from '../web/hashed-assets';
import { layout, type PageAssets } from '../web/html';
import { pageScript } from '../web/page-scripts';
import { testModeOf } from '../payment/modes';
import { waiverMessages } from './messages';
import { waiverKeysOf } from '../session/waiver-keys';
import { refusalBody, waiverBody, type FormOutcome } from './page';
import { signerName } from './signer-name';
import { signWaiver, waiverSale, type WaiverSale } from './waivers';

/** A sale reference (sale/reference.ts): anything else is not looked up. */
const REFERENCE = /^CT-[A-HJ-NP-Z2-9]{16}$/;
const ROUTE = `${WAIVER_PATH_PREFIX}:reference/`;
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

type Refusal = 'invalid' | 'not_found';
const REFUSAL: Record<Refusal, { title: string; text: string }> = {
  invalid: { title: waiverMessages.linkInvalidTitle, text: waiverMessages.linkInvalid },
  not_found: { title: waiverMessages.notFoundTitle, text: waiverMessages.notFound },
};
interface LinkRequest {
  Params: { reference: string };
  Querystring: Record<string, unknown>;
}

/**
 * /activity-terms-and-conditions/{sale_reference}/?key={key} (the waiver link): each member of a paid
 * booking's party reads the terms of its tickets and signs by typing their full name. The reference alone opens
 * nothing (it is printed on tickets and travels in recovery links): the link carries a key only the buyer was given
 * (session/waiver-keys.ts), checked before the database is asked, so a wrong key tells nothing of the sale, not even whether it
 * exists. Without it the page says the link is not valid and a POST stores nothing. The form posts with the XSRF
 * header (the page's script), and the answer is the page again: with the message beside the form when refused
 * (nothing stored), with the new name in the list when signed. The link is a bearer secret: never cached, never sent
 * on as a Referer.
 */
export function registerWaiverPages(
  app: FastifyInstance,
  { db, clock, config, sessions }: AppDeps,
  assets: PageAssets,
): void {
  const testMode = testModeOf(config.payment);
  const keys = waiverKeysOf(sessions);
  const [purify, script, css] = waiverAssets(app) as [Asset, Asset, Asset];
  const pageAssets: PageAssets = { ...assets, styles: [...assets.styles, css.url] };

  const headed = (reply: FastifyReply, status: number) =>
    reply
      .code(status)
      .header('content-type', HTML)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');

  /** A page with nothing of any sale on it (404). */
  const refused = (reply: FastifyReply, refusal: Refusal) => {
    const { title, text } = REFUSAL[refusal];
    return headed(reply, 404).send(layout({ title, body: refusalBody(title, text), assets, testMode }));
  };

  /** The page of a sale the link opened (status as given), or the not-found page when it has nothing to sign. */
  const send = (reply: FastifyReply, status: number, sale: WaiverSale | undefined, outcome?: FormOutcome) => {
    if (!sale) return refused(reply, 'not_found');
    const title = `${outcome?.kind === 'error' ? 'Error: ' : ''}${waiverMessages.title}`;
    return headed(reply, status).send(
      layout({
        title,
        body: waiverBody(sale, keys.pathOf(sale.reference), outcome),
        assets: pageAssets,
        scripts: [purify.url, script.url],
        testMode,
      }),
    );
  };

  /** The reference the link names when its key is that sale's; undefined (and nothing looked up) otherwise. */
  const opened = ({ params, query }: { params: LinkRequest['Params']; query: LinkRequest['Querystring'] }) => {
    const reference = normalisedReference(params.reference);
    return reference !== undefined && keys.matches(reference, query[WAIVER_KEY_PARAM]) ? reference : undefined;
  };

  app.get<LinkRequest>(`${WAIVER_PATH_PREFIX}:reference`, async (request, reply) => {
    const key = request.query[WAIVER_KEY_PARAM];
    if (typeof key !== 'string') return refused(reply, 'invalid');
    return reply.redirect(waiverPath(request.params.reference, key), 301);
  });

  app.get<LinkRequest>(ROUTE, async (request, reply) => {
    const reference = opened(request);
    if (!reference) return refused(reply, 'invalid');
    return send(reply, 200, await waiverSale(db, reference));
  });

  app.post<LinkRequest & { Body: Record<string, unknown> | undefined }>(ROUTE, async (request, reply) => {
    const reference = opened(request);
    if (!reference) return refused(reply, 'invalid');
    const sale = await waiverSale(db, reference);
    if (!sale) return refused(reply, 'not_found');
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
  });
}
