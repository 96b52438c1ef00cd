import * as z from 'zod/mini';
import { HttpError } from '../../http/errors';
import { defineOperation } from '../operation';
import { pageLimit, pageQuery, pageSchema, toPage } from '../pagination';
import { idempotencyKeyOf, refundOrder } from './refund';
import { ORDER_STATUSES, OrderSchema, RefundSchema } from './schemas';
import { hasRefundBy, hasUnrefundedTicketOf, isOrderOf, orderViews } from './view';

const referenceParam = z.object({ reference: z.string().check(z.minLength(1), z.maxLength(64)) });
const datetime = z.iso.datetime({ offset: true });

export const orderOperations = [
  defineOperation({
    method: 'GET',
    path: '/orders',
    operationId: 'listOrders',
    summary: 'Orders with tickets of yours, oldest first',
    description:
      'Each order shows only your lines, tickets (with their codes), answers, transfers and ledger shares. Filter by ' +
      '`reference`, `event_id`, `status` and the time of payment.',
    tag: 'orders',
    scope: 'read',
    query: z.strictObject({
      ...pageQuery,
      reference: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
      event_id: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647))),
      status: z.optional(z.enum(ORDER_STATUSES)),
      paid_after: z.optional(datetime),
      paid_before: z.optional(datetime),
    }),
    response: pageSchema(OrderSchema),
    async handler({ deps, organiserId, query }) {
      let select = deps.db
        .selectFrom('sales')
        .select('id')
        .where((eb) => isOrderOf(eb, organiserId))
        .where('id', '>', query.after ?? 0);
      if (query.reference !== undefined) select = select.where('reference', '=', query.reference);
      if (query.paid_after !== undefined) select = select.where('paid_at', '>=', new Date(query.paid_after));
      if (query.paid_before !== undefined) select = select.where('paid_at', '<', new Date(query.paid_before));
      const eventId = query.event_id;
      if (eventId !== undefined)
        select = select.where((eb) =>
          eb.exists(
            eb
              .selectFrom('sale_lines as l')
              .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
              .innerJoin('events as e', 'e.id', 'tt.event_id')
              .select('l.id')
              .whereRef('l.sale_id', '=', 'sales.id')
              .where('tt.event_id', '=', eventId)
              .where('e.organiser_id', '=', organiserId),
          ),
        );
      if (query.status === 'paid') select = select.where((eb) => eb.not(hasRefundBy(eb, organiserId)));
      if (query.status === 'partially_refunded')
        select = select.where((eb) => eb.and([hasRefundBy(eb, organiserId), hasUnrefundedTicketOf(eb, organiserId)]));
      if (query.status === 'refunded')
        select = select.where((eb) =>
          eb.and([hasRefundBy(eb, organiserId), eb.not(hasUnrefundedTicketOf(eb, organiserId))]),
        );
      const ids = await select.orderBy('id').limit(pageLimit(query)).execute();
      const page = toPage(ids, query);
      return {
        data: await orderViews(
          deps.db,
          organiserId,
          page.data.map((row) => row.id),
        ),
        next_cursor: page.next_cursor,
      };
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/orders/:reference',
    operationId: 'getOrder',
    summary: 'One order, by its reference',
    tag: 'orders',
    scope: 'read',
    params: referenceParam,
    response: OrderSchema,
    async handler({ deps, organiserId, params }) {
      const sale = await deps.db
        .selectFrom('sales')
        .select('id')
        .where('reference', '=', params.reference)
        .executeTakeFirst();
      const [order] = sale ? await orderViews(deps.db, organiserId, [sale.id]) : [];
      if (!order) throw new HttpError(404, 'There is no order of yours with that reference.', undefined, 'not_found');
      return order;
    },
  }),
  defineOperation({
    method: 'POST',
    path: '/orders/:reference/refunds',
    operationId: 'refundOrder',
    summary: 'Refund some or all of your tickets in an order',
    description:
      'Gives back what the buyer paid for the tickets (their price after discount codes, plus their booking fee) ' +
      'through the provider that took the money, voids their codes and puts them back on sale. Without `tickets`, ' +
      'every ticket of yours that is not refunded or void (one already admitted at the door too). The sale’s delivery, refund protection and ' +
      'donation are given back only with its last tickets. Send an `Idempotency-Key` header: the same key again ' +
      'answers the first answer and refunds once; with another body it is refused.',
    tag: 'orders',
    scope: 'write',
    params: referenceParam,
    body: z.strictObject({
      tickets: z.optional(
        z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(500)),
      ),
      reason: z.optional(z.string().check(z.maxLength(500))),
    }),
    response: z.object({ refund: RefundSchema, order: OrderSchema }),
    status: 201,
    headers: [
      {
        name: 'Idempotency-Key',
        required: true,
        description:
          'Made by the caller once per refund and sent again on a retry: the same key answers the first answer and refunds once',
      },
    ],
    async handler({ deps, organiserId, params, body, request, reply }) {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { answer, repeat } = await refundOrder(deps.db, {
        organiserId,
        reference: params.reference,
        key,
        request: body,
        now: deps.clock.now(),
      });
      // The buyer's mail is sent by the order.refunded subscriber (refund-mail.ts), in the refund's transaction.
      if (repeat) void reply.header('idempotent-replayed', 'true');
      return answer;
    },
  }),
];
