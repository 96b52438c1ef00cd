import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { transferMessages } from './messages';
import { acceptTransfer } from './transfers';

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** A plain server page: the sentences are ours and fixed, so nothing from the request reaches the HTML. */
function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/account/wallet/">Your tickets</a></p></main></body></html>`;
}

/** GET /transfers/accept/<token>: the link in the recipient's email moves the tickets to their account. */
export function registerTransferRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  app.get<{ Params: { token: string } }>('/transfers/accept/:token', async (request, reply) => {
    const token = request.params.token;
    const outcome = TOKEN.test(token) ? await acceptTransfer(db, token, clock.now()) : 'unknown';
    const [status, text] =
      outcome === 'accepted' ? [200, transferMessages.accepted]
      : outcome === 'already' ? [200, transferMessages.alreadyAccepted]
      : outcome === 'unavailable' ? [409, transferMessages.unavailable]
      : [404, transferMessages.notFound];
    return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page('Ticket transfer', text));
  });
}
