import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { paymentHandlers } from './handlers';
import { startPaymentJobs } from './jobs';
import { createProviders, type PaymentProviders, registerProviders } from './providers';
import { registerPaymentRoutes, registerSandboxPortals } from './routes';
import { registerTruelayerWebhook } from './truelayer-webhook';

export { settleSalePaid, confirmSalePayment, type SettleInput, type SettleResult } from './settle';
export type { CardProvider, Providers } from './providers/types';
export { providersFor } from './providers';

export interface PaymentDomain {
  providers: PaymentProviders;
  handlers: CallHandlers;
  /** Session-context routes: the card and square sandboxes, the card provider's return page. */
  registerRoutes(scope: FastifyInstance): void;
  /** Outside the session context: the provider-hosted sandbox pages (3-D Secure, bank portal) and TrueLayer's webhook. */
  registerPortals(app: FastifyInstance): void;
  startJobs(onError: (error: unknown) => void): ReturnType<typeof startPaymentJobs>;
}

/** The payment domain of one app: its providers (registered for confirmSalePayment), calls, routes and jobs. */
export function createPaymentDomain(deps: AppDeps): PaymentDomain {
  const providers = createProviders(deps.db, deps.clock, deps.config.payment);
  registerProviders(deps.db, providers);
  return {
    providers,
    handlers: paymentHandlers(deps, providers),
    registerRoutes: (scope) => registerPaymentRoutes(scope, deps, providers),
    registerPortals: (app) => {
      registerSandboxPortals(app, deps, providers);
      registerTruelayerWebhook(app, deps, providers);
    },
    startJobs: (onError) => startPaymentJobs(deps, providers, onError),
  };
}
