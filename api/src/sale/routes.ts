import type { FastifyInstance } from 'fastify';
import { captchaPolicyFor } from '../captcha/policy';
import { registerCaptchaSandbox } from '../captcha/sandbox';
import type { AppDeps } from '../deps';
import type { PageAssets } from '../web/html';
import { registerRecovery } from './recovery';

/** The sale's routes beside the API calls: the recovery link, and the offline captcha when hCaptcha is not configured. */
export function registerSaleRoutes(app: FastifyInstance, deps: AppDeps, assets: PageAssets): void {
  const captcha = captchaPolicyFor(deps);
  if (captcha.sandbox) registerCaptchaSandbox(app, captcha.sandbox);
  registerRecovery(app, deps, assets);
}
