import * as z from 'zod/mini';
import { defineOperation, idParam, notFound } from '../operation';
import { pageLimit, pageRows, pageQuery, pageSchema, toPage } from '../pagination';
import { named } from '../schemas';
import { importOrganiserCatalogue } from './import';
import { CATALOGUE_KINDS, type CatalogueKind } from './writer';
import { OrganiserViewSchema, organiserView } from './organiser-view';
import { catalogueWriteOperations } from './write-operations';
import { eventWriteOperations } from './event-write-operations';
import { dateOperations } from './date-operations';
import { codeOperations } from './code-operations';
import { giftVoucherOperations } from './gift-voucher-operations';
import { questionOperations } from './question-operations';
import { waiverOperations } from './waiver-operations';
import { afterSaleMessageOperations } from './after-sale-message-operations';
import { OrganiserCatalogueSchema } from './schemas';
import { datesOf, eventSummary, EventSummarySchema, eventView, EventViewSchema } from './views';

const idsSchema = z.record(z.string(), z.number());
const kindCountSchema = z.object({ created: z.number(), updated: z.number(), unchanged: z.number() });

export const ImportResultSchema = named(
  z.object({
    counts: z.object(
      // One property per kind (a record keyed by an enum would leave the document's `required` without properties).
      Object.fromEntries(CATALOGUE_KINDS.map((kind) => [kind, kindCountSchema])) as Record<
        CatalogueKind,
        typeof kindCountSchema
      >,
    ),
    organiser: z.object({
      id: z.number(),
      external_id: z.nullable(z.string()),
      waivers: idsSchema,
      events: z.array(
        z.object({
          external_id: z.string(),
          id: z.number(),
          dates: idsSchema,
          ticket_types: idsSchema,
          questions: idsSchema,
          after_sale_messages: idsSchema,
        }),
      ),
      gift_vouchers: idsSchema,
      codes: idsSchema,
    }),
  }),
  'CatalogueImportResult',
  'What an import did, per kind (created, updated, unchanged), and the database id of each entity by its external id',
);

export const CharityViewSchema = named(
  z.object({
    id: z.number(),
    external_id: z.nullable(z.string()),
    name: z.string(),
    logo: z.nullable(z.string()),
    gift_aid_enabled: z.boolean(),
  }),
  'Charity',
  'A charity an organiser can raise money for',
);

const timestamp = z.iso.datetime({ offset: true });

export const catalogueOperations = [
  defineOperation({
    method: 'POST',
    path: '/catalogue/import',
    operationId: 'importCatalogue',
    summary: 'Import the organiser’s catalogue in one go',
    description:
      'Creates or updates every entity of the body by its external id, in one transaction: a refusal anywhere ' +
      'changes nothing. A field left out takes its default; nothing missing from the body is deleted. Importing the ' +
      'same body twice changes nothing the second time (relative moments aside). Refused (409, naming the entity): ' +
      'a ticket type’s capacity below what is sold or held, a sold ticket type’s currency, a reference to something ' +
      'that does not exist, a slug or code another organiser has.',
    tag: 'catalogue',
    scope: 'write',
    body: OrganiserCatalogueSchema,
    response: ImportResultSchema,
    async handler({ deps, organiserId, body }) {
      const result = await deps.db
        .transaction()
        .execute((tx) => importOrganiserCatalogue(tx, organiserId, body, { now: deps.clock.now() }));
      const [organiser] = result.organisers;
      if (!organiser) throw new Error('an organiser import returns its organiser');
      return { counts: result.counts, organiser };
    },
  }),

  defineOperation({
    method: 'GET',
    path: '/events',
    operationId: 'listEvents',
    summary: 'The organiser’s events with their dates, page by page',
    tag: 'catalogue',
    scope: 'read',
    query: z.strictObject({
      ...pageQuery,
      external_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      /** Events with a date starting at or after this moment. */
      starts_after: z.optional(timestamp),
      /** Events with a date starting before this moment. */
      starts_before: z.optional(timestamp),
      published: z.optional(z.enum(['true', 'false'])),
    }),
    response: pageSchema(EventSummarySchema),
    async handler({ deps, organiserId, query }) {
      let select = deps.db.selectFrom('events as e').selectAll('e').where('e.organiser_id', '=', organiserId);
      if (query.after !== undefined) select = select.where('e.id', '>', query.after);
      if (query.external_id !== undefined) select = select.where('e.external_id', '=', query.external_id);
      if (query.published !== undefined) select = select.where('e.published', '=', query.published === 'true');
      const { starts_after: startsAfter, starts_before: startsBefore } = query;
      if (startsAfter !== undefined || startsBefore !== undefined)
        select = select.where((eb) =>
          eb.exists(
            eb
              .selectFrom('event_dates as d')
              .select('d.id')
              .whereRef('d.event_id', '=', 'e.id')
              .$if(startsAfter !== undefined, (qb) => qb.where('d.starts_at', '>=', new Date(startsAfter ?? 0)))
              .$if(startsBefore !== undefined, (qb) => qb.where('d.starts_at', '<', new Date(startsBefore ?? 0))),
          ),
        );
      const rows = await select.orderBy('e.id').limit(pageLimit(query)).execute();
      const page = toPage(rows, query);
      const dates = await datesOf(
        deps.db,
        page.data.map((row) => row.id),
      );
      return { data: page.data.map((row) => eventSummary(row, dates)), next_cursor: page.next_cursor };
    },
  }),

  defineOperation({
    method: 'GET',
    path: '/events/:id',
    operationId: 'getEvent',
    summary: 'One event with its dates and ticket types (with their stock)',
    tag: 'catalogue',
    scope: 'read',
    params: z.object({ id: idParam }),
    response: EventViewSchema,
    async handler({ deps, organiserId, params }) {
      const event = await eventView(deps.db, organiserId, params.id);
      if (!event) throw notFound('event');
      return event;
    },
  }),

  defineOperation({
    method: 'GET',
    path: '/organiser',
    operationId: 'getOrganiser',
    summary: 'The calling key’s organiser and its settings',
    tag: 'catalogue',
    scope: 'read',
    response: OrganiserViewSchema,
    handler: ({ deps, organiserId }) => organiserView(deps.db, organiserId),
  }),

  defineOperation({
    method: 'GET',
    path: '/charities',
    operationId: 'listCharities',
    summary: 'The charities on the platform, page by page',
    tag: 'catalogue',
    scope: 'read',
    query: z.strictObject(pageQuery),
    response: pageSchema(CharityViewSchema),
    async handler({ deps, query }) {
      const rows = await deps.db
        .selectFrom('charities')
        .select(['id', 'external_id', 'name', 'logo', 'gift_aid_enabled'])
        .$call(pageRows(query))
        .execute();
      return toPage(rows, query);
    },
  }),
  ...catalogueWriteOperations,
  ...eventWriteOperations,
  ...dateOperations,
  ...codeOperations,
  ...giftVoucherOperations,
  ...questionOperations,
  ...waiverOperations,
  ...afterSaleMessageOperations,
];
