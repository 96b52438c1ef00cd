import { formEmail } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/login';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { validationError } from '../http/validation';
import { hitRateLimit, rateKey } from '../http/rate-limit';
import { sessionUser } from '../identity/users';
import { preferencesMessages } from '../preferences/messages';
import { subscribeToNewsletter } from '../preferences/marketing';
import { html, layout, type PageAssets } from '../web/html';
import { testModeOf } from '../payment/modes';

export const MAILING_LIST_PATH = '/mailing-list';
const SignUpSchema = z.object({ email: formEmail });
const SIGN_UPS_PER_CLIENT = { limit: 20, windowSeconds: 15 * 60 };
const HTML = 'text/html; charset=utf-8';

/** /mailing-list: sign an email up to the product newsletter (the basket's 'Sign up for exclusive event news…' link). */
export function registerMailingList(
  app: FastifyInstance,
  { db, clock, config }: AppDeps,
  assets: PageAssets,
  script: string,
): void {
  const testMode = testModeOf(config.payment);
  app.get('/mailing-list/', async (_request, reply) => reply.redirect(MAILING_LIST_PATH, 301));
  app.get(MAILING_LIST_PATH, async (request, reply) => {
    const user = await sessionUser(db, request.session);
    const body = html`<h1>Sign up for exclusive event news and discounts!</h1>
<section class="stack narrow">
<p>Be the first to hear about new events, offers and discounts.</p>
<form class="stack" data-mailing-list method="post" action="${MAILING_LIST_PATH}" data-failed="Sorry, we could not sign you up. Please try again." novalidate>
<div class="form-field"><label for="mailing-list-email">Email address</label>
<input id="mailing-list-email" name="email" type="email" autocomplete="email" maxlength="320" required value="${user?.email ?? ''}"></div>
<p><button class="btn btn--primary" type="submit">Sign up</button></p>
<p role="status" aria-live="polite" class="form-status"></p>
</form>
</section>
<noscript><p class="alert alert--warning">Signing up needs JavaScript.</p></noscript>`;
    return reply
      .header('content-type', HTML)
      .header('cache-control', 'no-store')
      .send(layout({ title: 'Mailing list', body, assets, scripts: [script], testMode }));
  });
  app.post(MAILING_LIST_PATH, async (request, reply) => {
    const input = request.body ?? {};
    const parsed = SignUpSchema.safeParse(input);
    if (!parsed.success) {
      const error = validationError(parsed.error.issues, input);
      throw new HttpError(400, messages.invalidEmail, error.errors);
    }
    const now = clock.now();
    const decision = await hitRateLimit(db, rateKey('mailing-list-client', request.ip), SIGN_UPS_PER_CLIENT, now);
    if (!decision.allowed) throw new HttpError(429, preferencesMessages.tooManySignUps);
    const user = await sessionUser(db, request.session);
    await subscribeToNewsletter(db, parsed.data.email, user?.id ?? null, now);
    return reply.send({ success: true, message: preferencesMessages.subscribed(parsed.data.email) });
  });
}
