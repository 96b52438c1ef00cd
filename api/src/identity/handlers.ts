import { captchaPolicyFor } from '../captcha/policy';
import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { mailSenderOf } from '../emails/render';
import { logoutOfSale, saveGuestToSale, sendCode, signInWithCode, type SignInDeps } from './sign-in';
import { sessionUser, toUser } from './users';

export function signInDeps(deps: AppDeps): SignInDeps {
  const { db, clock, sessions, mailer, config } = deps;
  return {
    db,
    clock,
    sessions,
    mailer,
    config: config.identity,
    captcha: captchaPolicyFor(deps),
    sender: mailSenderOf(config),
  };
}

export function identityHandlers(deps: AppDeps): CallHandlers {
  const { db } = deps;
  const signIn = signInDeps(deps);
  return {
    getUser: async (_input, { request }) => {
      const user = await sessionUser(db, request.session);
      return { user: user ? toUser(user) : null };
    },
    sendOneTimeCode: async (input, { request }) =>
      sendCode(signIn, {
        email: input.email,
        sessionHash: request.session.tokenHash,
        clientAddress: request.ip,
        captchaToken: input['h-captcha-response'],
      }),
    checkOneTimeCode: async ({ email, code }, context) =>
      signInWithCode(signIn, context, email, code, { checkout: true }),
    saveGuestToSale: async ({ email, fullname }, context) => saveGuestToSale(signIn, context, email, fullname),
    logoutOfSale: async (_input, context) => logoutOfSale(signIn, context),
  };
}
