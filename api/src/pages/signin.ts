import { calls } from '@checkout/shared';
import * as captchaMessages from '@checkout/shared/messages/captcha';
import * as loginMessages from '@checkout/shared/messages/login';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppDeps } from '../deps';
import { validationError } from '../http/validation';
import { SANDBOX_SOLVE_PATH } from '../captcha/sandbox';
import { signInDeps } from '../identity/handlers';
import { SIGNIN_PATHS } from '../identity/sign-in-paths';
import { logoutOfSale, signInWithCode } from '../identity/sign-in';
import { sessionUser } from '../identity/users';
import { html, layout, type PageAssets } from '../web/html';
import { testModeOf } from '../payment/modes';
import { safeNext } from './safe-next';
import { WALLET_PATH } from '../emails/wallet-email';

const VerifySchema = z.extend(calls.checkOneTimeCode.request, { next: z.optional(z.string()) });

const HTML = 'text/html; charset=utf-8';
const PREFILL_EMAIL = /^[^\s@<>"']{1,200}@[^\s@<>"']{1,120}$/;

function signedInBody(email: string, next: string) {
  return html`<h1>Sign in</h1>
<section class="stack narrow" data-signin data-next="${next}">
<p>You are signed in as <strong>${email}</strong>.</p>
<p class="cluster"><a class="btn btn--primary" href="${next}">Continue</a></p>
<form data-sign-out method="post" action="${SIGNIN_PATHS.signOut}"><button class="btn btn--secondary" type="submit">Sign out</button></form>
</section>`;
}

/** How the page shows a captcha when send_one_time_code asks for one: hCaptcha's widget, or the offline sandbox's. */
export interface SignInCaptcha {
  mode: 'sandbox' | 'hcaptcha';
  siteKey: string;
}

function signInBody(next: string, captcha: SignInCaptcha, email: string) {
  return html`<h1>Sign in</h1>
<section class="stack narrow" data-signin data-next="${next}" data-failed="${loginMessages.sendCodeFailed}"
 data-sending="Sending your code…" data-sent="We have emailed a 6-digit code to {email}. It is valid for 15 minutes."
 data-no-account="Your email address is confirmed, but it has no account yet: you can buy tickets as a guest with it."
 data-continue="Continue" data-wallet="${WALLET_PATH}" data-captcha-mode="${captcha.mode}" data-captcha-sitekey="${captcha.siteKey}"
 data-captcha-failed="${captchaMessages.captchaNotVerified}" data-captcha-solve="${SANDBOX_SOLVE_PATH}">
<form class="stack" data-send-code method="post" action="${calls.sendOneTimeCode.path}" novalidate>
<p>We will email you a one-time code: no password needed.</p>
<div class="form-field"><label for="signin-email">Email address</label>
<input id="signin-email" name="email" type="email" autocomplete="email" maxlength="320" required value="${email}"></div>
<div class="stack" data-captcha hidden>
<p>${captchaMessages.captchaPrompt}</p>
<div data-captcha-widget></div>
</div>
<p><button class="btn btn--primary" type="submit">Send code</button></p>
<p role="status" aria-live="polite" class="form-status"></p>
</form>
<form class="stack" data-verify-code method="post" action="${SIGNIN_PATHS.verify}" hidden>
<p data-sent-to></p>
<input type="hidden" name="email">
<div class="form-field"><label for="signin-code">One-time code</label>
<input id="signin-code" class="code-input" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required></div>
<p class="cluster"><button class="btn btn--primary" type="submit">Verify</button>
<button class="btn btn--link" type="button" data-change-email>Check or change email address, or re-send code</button></p>
<p role="status" aria-live="polite" class="form-status"></p>
</form>
</section>
<noscript><p class="alert alert--warning">Signing in needs JavaScript.</p></noscript>`;
}

/**
 * /signin/: the checkout's one-time-code sign-in as a plain page (send the code with the same call as the checkout,
 * verify here), then back to ?next= when it is a path on this site. /signin/verify never needs a reserved sale.
 */
export function registerSignIn(app: FastifyInstance, deps: AppDeps, assets: PageAssets, script: string): void {
  const signIn = signInDeps(deps);
  const origin = new URL(deps.config.publicUrl).origin;
  const captcha: SignInCaptcha = { mode: deps.config.captcha.mode, siteKey: deps.config.captcha.siteKey };
  const testMode = testModeOf(deps.config.payment);
  app.get('/signin', async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${SIGNIN_PATHS.page}${query}`, 301);
  });
  app.get<{ Querystring: { next?: unknown; email?: unknown } }>(SIGNIN_PATHS.page, async (request, reply) => {
    const next = safeNext(request.query.next, origin);
    // ?email= fills the address in (a transfer's accept page sends its recipient here); only a plausible one is used.
    const email =
      typeof request.query.email === 'string' && PREFILL_EMAIL.test(request.query.email) ? request.query.email : '';
    const user = await sessionUser(deps.db, request.session);
    const body = user ? signedInBody(user.email, next) : signInBody(next, captcha, email);
    return reply
      .header('content-type', HTML)
      .header('cache-control', 'no-store')
      .send(layout({ title: 'Sign in', body, assets, scripts: [script], testMode }));
  });
  app.post(SIGNIN_PATHS.verify, async (request, reply) => {
    const input = request.body ?? {};
    const parsed = VerifySchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error.issues, input);
    const { has_account } = await signInWithCode(signIn, { request, reply }, parsed.data.email, parsed.data.code, {
      checkout: false,
    });
    return reply.header('cache-control', 'no-store').send({ has_account, next: safeNext(parsed.data.next, origin) });
  });
  app.post(SIGNIN_PATHS.signOut, async (request, reply) => reply.send(await logoutOfSale(signIn, { request, reply })));
}
