import { isValidFullName, splitFullName } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/login';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CaptchaPolicy } from '../captcha/policy';
import type { Clock } from '../platform/clock';
import type { Db, Sale, Tx } from '../db/schema';
import { HttpError } from '../http/errors';
import { oneTimeCodeEmail } from '../emails/templates';
import type { MailSender } from '../emails/render';
import type { Mailer } from '../mail/mailer';
import { lockCurrentSale } from '../session/current-sale';
import { assertReservedSale, lockReservedSale } from './checkout-sale';
import type { IdentityConfig } from './config';
import { identityMessages } from './messages';
import { checkCode, issueCode, normaliseEmail } from './one-time-codes';
import { hitRateLimit, rateKey, takeBackHit } from '../http/rate-limit';
import { rotateSession, type Sessions } from '../session/session';
import { findUserByEmail } from './users';

/** The error type the page reads to show a code problem inline and clear the code. */
export const ONE_TIME_CODE = 'one_time_code';

export interface SignInDeps {
  db: Db;
  clock: Clock;
  sessions: Sessions;
  mailer: Mailer;
  config: IdentityConfig;
  /** Checks the captcha a send needs once an email's codes from anywhere reach their limit. */
  captcha: CaptchaPolicy;
  /** Who the code's email is from, and whether it says TEST MODE (some way of paying takes test money), as every email. */
  sender: MailSender;
}

export interface RequestContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

const codeKeys = new WeakMap<Sessions, Buffer>();
function codeKey(sessions: Sessions): Buffer {
  let key = codeKeys.get(sessions);
  if (!key) {
    key = sessions.deriveKey('one-time-code');
    codeKeys.set(sessions, key);
  }
  return key;
}

async function limit(
  db: Db,
  key: string,
  rule: IdentityConfig['sendsPerEmail'],
  now: Date,
  message: string,
): Promise<void> {
  const decision = await hitRateLimit(db, key, rule, now);
  if (!decision.allowed) throw new HttpError(429, message);
}

export interface SendRequest {
  email: string;
  /** The asking session's token hash: only this session can check the code. */
  sessionHash: string;
  clientAddress: string;
  /** A solved captcha (h-captcha-response), needed once the email's codes from anywhere reached their limit. */
  captchaToken?: string | undefined;
}

export type SendAnswer = { success: true } | { success: false; captcha: true; captcha_sitekey: string; error: string };

/**
 * Sends a code to any well-formed address. Nothing here depends on whether the address has an account (no lookup is
 * made), so the answer, its timing and the email are the same either way: an account is revealed only to someone
 * who then proves the address with the code.
 *
 * Limits, so that nobody can flood an inbox or guess at leisure, and nobody can lock the owner out: per client address
 * (any emails), per email from one client address, and per email from anywhere. The last one does not refuse: past
 * it, a send needs a solved captcha, so a stranger's sends cost the owner one challenge, never the sign-in.
 */
export async function sendCode(deps: SignInDeps, request: SendRequest): Promise<SendAnswer> {
  const { db, clock, config } = deps;
  const { email, clientAddress } = request;
  const now = clock.now();
  const address = normaliseEmail(email);
  await limit(
    db,
    rateKey('otc-send-client', clientAddress),
    config.sendsPerClient,
    now,
    identityMessages.tooManyRequests,
  );
  const perEmailClient = rateKey('otc-send-email-client', `${address}\n${clientAddress}`);
  await limit(db, perEmailClient, config.sendsPerEmailClient, now, identityMessages.tooManyCodesForEmail);
  const fromAnywhere = await hitRateLimit(db, rateKey('otc-send-email', address), config.sendsPerEmail, now);
  if (!fromAnywhere.allowed) {
    const verdict = request.captchaToken ? await deps.captcha.verify(request.captchaToken, clientAddress) : undefined;
    if (!verdict?.ok) {
      // Nothing was sent: the owner's own budget for this email is not spent on being asked for a captcha.
      await takeBackHit(db, perEmailClient, config.sendsPerEmailClient, now);
      return {
        success: false,
        captcha: true,
        captcha_sitekey: deps.captcha.siteKey,
        error: verdict ? verdict.message : identityMessages.captchaForEmail,
      };
    }
  }
  const code = await issueCode(db, email, request.sessionHash, config.codeTtlSeconds, {
    key: codeKey(deps.sessions),
    now,
  });
  await deps.mailer.send(
    oneTimeCodeEmail(email.trim(), code, {
      minutes: Math.round(config.codeTtlSeconds / 60),
      sender: deps.sender,
    }),
  );
  return { success: true };
}

/** Checks this session's code (one try used) or refuses with the reason, as a 4xx of type 'one_time_code'. */
async function proveEmail(
  deps: SignInDeps,
  email: string,
  sessionHash: string,
  code: string,
  clientAddress: string,
): Promise<void> {
  const { db, clock, config } = deps;
  const now = clock.now();
  await limit(
    db,
    rateKey('otc-check-client', clientAddress),
    config.checksPerClient,
    now,
    identityMessages.tooManyRequests,
  );
  const result = await checkCode(db, email, sessionHash, code, config.maxCodeAttempts, {
    key: codeKey(deps.sessions),
    now,
  });
  if (result.ok) return;
  const text =
    result.reason === 'wrong'
      ? identityMessages.codeWrong(result.triesLeft)
      : result.reason === 'used_up'
        ? identityMessages.codeUsedUp
        : result.reason === 'expired'
          ? identityMessages.codeExpired
          : identityMessages.codeNotValid;
  throw new HttpError(400, text, undefined, ONE_TIME_CODE);
}

/** The sale loses what belonged to the previous buyer when someone else takes it over. */
async function clearBuyer(tx: Tx, sale: Sale, now: Date): Promise<void> {
  await tx.deleteFrom('sale_delivery_addresses').where('sale_id', '=', sale.id).execute();
  await tx
    .updateTable('sales')
    .set({ user_id: null, email: null, full_name: null, delivery_address_id: null, updated_at: now })
    .where('id', '=', sale.id)
    .execute();
}

export interface SignInOptions {
  /** From the checkout: the sale must still be reserved (else a 'reserving' refusal, checked before the code). */
  checkout: boolean;
}

/**
 * check_one_time_code: proves the email; with an account the session is signed in and the user put on the sale,
 * without one the proved email is remembered on the session for save_guest_to_sale. Either way the session gets a
 * new id (and XSRF token): a session id planted before sign-in is worthless after it.
 */
export async function signInWithCode(
  deps: SignInDeps,
  { request, reply }: RequestContext,
  email: string,
  code: string,
  options: SignInOptions,
): Promise<{ has_account: boolean }> {
  const { db, clock } = deps;
  if (options.checkout) await assertReservedSale(db, request.session, clock.now());
  await proveEmail(deps, email, request.session.tokenHash, code, request.ip);
  const now = clock.now();
  try {
    return await db.transaction().execute(async (tx) => {
      const user = await findUserByEmail(tx, email);
      const sessionRow = await request.session.lock(tx);
      await tx
        .updateTable('sessions')
        .set({ user_id: user?.id ?? null, verified_email: normaliseEmail(email), verified_at: now })
        .where('id', '=', sessionRow.id)
        .execute();
      const sale = await lockCurrentSale(tx, sessionRow);
      if (sale && sale.status !== 'paid') {
        const sameBuyer = user
          ? sale.user_id === user.id
          : sale.user_id === null && sale.email !== null && normaliseEmail(sale.email) === normaliseEmail(email);
        if (!sameBuyer) await clearBuyer(tx, sale, now);
        if (user)
          await tx.updateTable('sales').set({ user_id: user.id, updated_at: now }).where('id', '=', sale.id).execute();
      }
      await rotateSession(deps.sessions, request, reply, tx);
      return { has_account: user !== undefined };
    });
  } finally {
    request.session.forget();
  }
}

/**
 * logout_of_sale ('Not you? Sign out'): the sale keeps its basket and holds but no longer names a buyer; the session is
 * signed out and gets a new id.
 */
export async function logoutOfSale(deps: SignInDeps, { request, reply }: RequestContext): Promise<{ success: true }> {
  const { db, clock } = deps;
  const now = clock.now();
  try {
    await db.transaction().execute(async (tx) => {
      const sessionRow = await request.session.lock(tx);
      await tx
        .updateTable('sessions')
        .set({ user_id: null, verified_email: null, verified_at: null })
        .where('id', '=', sessionRow.id)
        .execute();
      const sale = await lockCurrentSale(tx, sessionRow);
      if (sale && sale.status !== 'paid') await clearBuyer(tx, sale, now);
      await rotateSession(deps.sessions, request, reply, tx);
    });
  } finally {
    request.session.forget();
  }
  return { success: true };
}

/**
 * save_guest_to_sale: names the guest on the reserved sale, for the email this session proved by code only. The full
 * name needs a first and a last name.
 */
export async function saveGuestToSale(
  deps: SignInDeps,
  { request }: RequestContext,
  email: string,
  fullname: string,
): Promise<{ success: true }> {
  const { db, clock, config } = deps;
  if (!isValidFullName(fullname))
    throw new HttpError(400, messages.fullNameRequired, { fullname: messages.fullNameRequired });
  const now = clock.now();
  await assertReservedSale(db, request.session, now);
  const proved = await request.session.load();
  const fresh = proved?.verified_at
    ? now.getTime() - proved.verified_at.getTime() <= config.verifiedEmailSeconds * 1000
    : false;
  if (!proved?.verified_email || proved.verified_email !== normaliseEmail(email) || !fresh) {
    throw new HttpError(403, identityMessages.emailNotVerified, { email: identityMessages.emailNotVerified });
  }
  if (proved.user_id !== null) throw new HttpError(409, identityMessages.signedInAlready);
  const { first_name, last_name } = splitFullName(fullname);
  try {
    await db.transaction().execute(async (tx) => {
      const { sale } = await lockReservedSale(tx, request.session, now);
      await tx
        .updateTable('sales')
        .set({ user_id: null, email: email.trim(), full_name: `${first_name} ${last_name}`, updated_at: now })
        .where('id', '=', sale.id)
        .execute();
    });
  } finally {
    request.session.forget();
  }
  return { success: true };
}
