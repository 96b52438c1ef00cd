import * as z from 'zod/mini';
import { HttpError } from '../../http/errors';
import { defineOperation } from '../operation';
import { TICKET_STATES, TicketSchema } from '../orders/schemas';
import { pageLimit, pageQuery, pageSchema, toPage } from '../pagination';
import { organiserTickets, toTicket } from './view';

const dbId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

export const ticketOperations = [
  defineOperation({
    method: 'GET',
    path: '/tickets',
    operationId: 'listTickets',
    summary: 'Issued tickets of your events, oldest first',
    tag: 'tickets',
    scope: 'read',
    query: z.strictObject({
      ...pageQuery,
      event_id: z.optional(dbId),
      event_date_id: z.optional(dbId),
      state: z.optional(z.enum(TICKET_STATES)),
    }),
    response: pageSchema(TicketSchema),
    async handler({ deps, organiserId, query }) {
      let select = organiserTickets(deps.db, organiserId).where('t.id', '>', query.after ?? 0);
      if (query.event_id !== undefined) select = select.where('tt.event_id', '=', query.event_id);
      if (query.event_date_id !== undefined) select = select.where('t.event_date_id', '=', query.event_date_id);
      if (query.state === 'void') select = select.where('t.voided_at', 'is not', null);
      if (query.state === 'checked_in')
        select = select.where('t.voided_at', 'is', null).where('t.checked_in_at', 'is not', null);
      if (query.state === 'valid')
        select = select.where('t.voided_at', 'is', null).where('t.checked_in_at', 'is', null);
      const rows = await select.orderBy('t.id').limit(pageLimit(query)).execute();
      return toPage(rows.map(toTicket), query);
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/tickets/:code',
    operationId: 'getTicket',
    summary: 'One ticket, by its code',
    tag: 'tickets',
    scope: 'read',
    params: z.object({ code: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: TicketSchema,
    async handler({ deps, organiserId, params }) {
      const row = await organiserTickets(deps.db, organiserId).where('t.code', '=', params.code).executeTakeFirst();
      if (!row) throw new HttpError(404, 'There is no ticket of yours with that code.', undefined, 'not_found');
      return toTicket(row);
    },
  }),
];
