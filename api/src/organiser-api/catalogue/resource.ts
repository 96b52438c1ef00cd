import { sql, type Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { Database, DbOrTx, Tx } from '../../db/schema';
import { defineOperation, idParam, notFound, type Operation, refused } from '../operation';
import { pageRows, pageQuery, pageSchema, toPage } from '../pagination';
import { guarded } from './database-refusal';
import { CatalogueWriter, lockCatalogue } from './writer';

/**
 * One catalogue entity of the organiser API, declared once: its list, create, update and delete operations are made
 * from the declaration (catalogueResource), so every entity is found, locked, refused and answered the same way.
 * The entity's own rules are its hooks: how a body is saved (through the writer, the import's rules), how a change
 * is checked, what refuses a delete.
 */

/** The tables of the entities an organiser owns directly (an `organiser_id` column). */
export type OrganiserTable = 'waivers' | 'gift_vouchers' | 'codes';
/** The tables of the entities of one of the organiser's events (an `event_id` column). */
export type EventTable = 'questions' | 'after_sale_messages' | 'event_dates';
export type ResourceTable = OrganiserTable | EventTable;

export type ResourceRow<T extends ResourceTable> = Selectable<Database[T]> & { id: number; external_id: string | null };

/** The event an entity of an event belongs to. */
export interface ParentEvent {
  id: number;
  external_id: string | null;
}

export const eventLabel = (event: ParentEvent) => `Event '${event.external_id ?? event.id}'`;

/** The organiser's event, or a 404 (another organiser's is not found). */
export async function ownEvent(db: DbOrTx, organiserId: number, id: number): Promise<ParentEvent> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'external_id'])
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId)
    .executeTakeFirst();
  if (!event) throw notFound('event');
  return event;
}

/** What an operation's documentation says of it. */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
}

export interface WriteContext {
  tx: Tx;
  writer: CatalogueWriter;
  organiserId: number;
  /** The entity's label in refusals: `Waiver 'w1'`, `Question 'q1' of event 'e1'`. */
  label: string;
}

export interface CatalogueResource<
  T extends ResourceTable,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  V extends z.ZodMiniType,
> {
  /** As a 404 names it: `There is no gift voucher with that id.` */
  name: string;
  /** As refusals name it, capitalised: `Gift voucher 'v1' …`. */
  noun: string;
  table: T;
  /** `organiser`: under `/<segment>`; `event`: listed and created under `/events/:id/<segment>`. */
  parent: T extends OrganiserTable ? 'organiser' : 'event';
  /** The path segment: `/gift-vouchers`, `/gift-vouchers/:id`. */
  segment: string;
  schemas: { create: C; update: U; view: V };
  view: (row: ResourceRow<T>) => z.input<V>;
  /** What names a stored entity in its label when it has no external id: its id unless said. */
  labelKey?: (row: ResourceRow<T>) => string;
  /** A list filtered by `external_id` (a query parameter). */
  listByExternalId?: boolean;
  operations: { list?: OperationDoc; create: OperationDoc; update: OperationDoc; delete: OperationDoc };
  /** Saves a new entity (its external id is free); returns its id. */
  create: (
    context: WriteContext & { event: T extends EventTable ? ParentEvent : null },
    body: z.output<C>,
  ) => Promise<number>;
  /** Checks a change against the stored entity (locked) and saves it. */
  update: (context: WriteContext & { stored: ResourceRow<T> }, body: z.output<U>) => Promise<void>;
  /** Refuses the delete of an entity still in use (with a sentence naming `label`). */
  refuseDelete?: (context: WriteContext & { stored: ResourceRow<T> }) => Promise<void>;
  /** Deletes the entity and what goes with it: its row alone unless said. */
  remove?: (context: WriteContext & { stored: ResourceRow<T> }) => Promise<void>;
}

/** Keeps a declaration's types (its schemas flow into its hooks). */
export function defineResource<
  T extends ResourceTable,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  V extends z.ZodMiniType,
>(resource: CatalogueResource<T, C, U, V>): CatalogueResource<T, C, U, V> {
  return resource;
}

const ownerColumn = (resource: { parent: 'organiser' | 'event' }) =>
  resource.parent === 'organiser' ? 'organiser_id' : 'event_id';

/**
 * The rows of any resource table: kysely cannot follow a table name that is a type parameter, so the queries here
 * name columns every resource table has (`id`, `external_id`, its owner's column) and their rows are typed as the
 * declaration's table by the caller.
 */
function rowsOf(db: DbOrTx, table: ResourceTable) {
  return db.selectFrom(table).selectAll();
}

const readRow = async <T extends ResourceTable>(db: DbOrTx, table: T, id: number): Promise<ResourceRow<T>> =>
  (await rowsOf(db, table).where(sql.ref('id'), '=', id).executeTakeFirstOrThrow()) as ResourceRow<T>;

async function deleteRow(tx: Tx, table: ResourceTable, id: number): Promise<void> {
  await tx.deleteFrom(table).where(sql.ref('id'), '=', id).execute();
}

/** What every operation of one resource shares: its paths, its labels, its write context, finding the owner's row. */
interface Kit<T extends ResourceTable> {
  underEvent: boolean;
  collection: string;
  item: string;
  writeContext: (tx: Tx, organiserId: number, now: Date, label: string) => WriteContext;
  own: (tx: Tx, organiserId: number, id: number) => Promise<{ stored: ResourceRow<T>; label: string }>;
}

function resourceKit<
  T extends ResourceTable,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  V extends z.ZodMiniType,
>(resource: CatalogueResource<T, C, U, V>): Kit<T> {
  const { table, noun } = resource;
  const underEvent = resource.parent === 'event';
  const labelOf = (row: ResourceRow<T>, event: ParentEvent | null) => {
    const key = row.external_id ?? (resource.labelKey ? resource.labelKey(row) : String(row.id));
    return `${noun} '${key}'${event ? ` of ${eventLabel(event).toLowerCase()}` : ''}`;
  };
  const writeContext = (tx: Tx, organiserId: number, now: Date, label: string): WriteContext => ({
    tx,
    organiserId,
    label,
    writer: new CatalogueWriter(tx, { now }),
  });

  /** The organiser's entity, locked for the change, with its label, or a 404 (another organiser's is not found). */
  async function own(tx: Tx, organiserId: number, id: number) {
    let event: ParentEvent | null = null;
    if (underEvent) {
      const owner = await tx
        .selectFrom('events')
        .select(['id', 'external_id'])
        .where('id', '=', sql<number>`(select event_id from ${sql.table(table)} where id = ${id})`)
        .where('organiser_id', '=', organiserId)
        .executeTakeFirst();
      if (!owner) throw notFound(resource.name);
      event = owner;
    }
    const stored = (await rowsOf(tx, table)
      .where(sql.ref('id'), '=', id)
      .$if(!underEvent, (qb) => qb.where(sql.ref('organiser_id'), '=', organiserId))
      .forUpdate()
      .executeTakeFirst()) as ResourceRow<T> | undefined;
    if (!stored) throw notFound(resource.name);
    return { stored, label: labelOf(stored, event) };
  }

  return {
    underEvent,
    collection: underEvent ? `/events/:id${resource.segment}` : resource.segment,
    item: `${resource.segment}/:id`,
    writeContext,
    own,
  };
}

/** GET the collection, a page at a time (by external id when the declaration allows). */
function listOperation<
  T extends ResourceTable,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  V extends z.ZodMiniType,
>(resource: CatalogueResource<T, C, U, V>, kit: Kit<T>): Operation | null {
  const { list } = resource.operations;
  if (!list) return null;
  const { table } = resource;
  const { underEvent } = kit;
  return defineOperation({
    method: 'GET',
    path: kit.collection,
    ...list,
    tag: 'catalogue',
    scope: 'read',
    ...(underEvent ? { params: z.object({ id: idParam }) } : {}),
    query: z.strictObject({
      ...pageQuery,
      ...(resource.listByExternalId
        ? { external_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))) }
        : {}),
    }),
    response: pageSchema(resource.schemas.view),
    async handler({ deps, organiserId, params, query }) {
      const params_ = params as { id?: number };
      const ownerId = underEvent ? (await ownEvent(deps.db, organiserId, params_.id ?? 0)).id : organiserId;
      const { external_id: externalId } = query as { external_id?: string };
      const rows = (await rowsOf(deps.db, table)
        .where(sql.ref(ownerColumn(resource)), '=', ownerId)
        .$if(externalId !== undefined, (qb) => qb.where(sql.ref('external_id'), '=', externalId ?? ''))
        .$call(pageRows(query))
        .execute()) as ResourceRow<T>[];
      const page = toPage(rows, query);
      return { data: page.data.map(resource.view), next_cursor: page.next_cursor };
    },
  });
}

/** POST a new one: refused when its external id is taken in the same owner. */
function createOperation<
  T extends ResourceTable,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  V extends z.ZodMiniType,
>(resource: CatalogueResource<T, C, U, V>, kit: Kit<T>): Operation {
  const { table, noun } = resource;
  const { underEvent } = kit;
  return defineOperation({
    method: 'POST',
    path: kit.collection,
    ...resource.operations.create,
    tag: 'catalogue',
    scope: 'write',
    ...(underEvent ? { params: z.object({ id: idParam }) } : {}),
    body: resource.schemas.create,
    response: resource.schemas.view,
    status: 201,
    async handler({ deps, organiserId, params, body }) {
      const { external_id: externalId } = body as { external_id: string };
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const event = underEvent ? await ownEvent(tx, organiserId, params.id) : null;
        const existing = await rowsOf(tx, table)
          .where(sql.ref(ownerColumn(resource)), '=', event ? event.id : organiserId)
          .where(sql.ref('external_id'), '=', externalId)
          .executeTakeFirst();
        if (existing)
          throw refused(
            `${noun} '${externalId}' exists${event ? ' in this event' : ''} (id ${existing.id}): change it instead.`,
          );
        const label = `${noun} '${externalId}'${event ? ` of ${eventLabel(event).toLowerCase()}` : ''}`;
        const context = kit.writeContext(tx, organiserId, deps.clock.now(), label);
        // The declaration's parent says which: an event for an entity of an event, none for the organiser's own.
        const parent = event as T extends EventTable ? ParentEvent : null;
        return readRow(tx, table, await resource.create({ ...context, event: parent }, body));
      });
      return resource.view(row);
    },
  });
}

/** PATCH one the organiser owns. */
function updateOperation<
  T extends ResourceTable,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  V extends z.ZodMiniType,
>(resource: CatalogueResource<T, C, U, V>, kit: Kit<T>): Operation {
  return defineOperation({
    method: 'PATCH',
    path: kit.item,
    ...resource.operations.update,
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: resource.schemas.update,
    response: resource.schemas.view,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const { stored, label } = await kit.own(tx, organiserId, params.id);
        await resource.update({ ...kit.writeContext(tx, organiserId, deps.clock.now(), label), stored }, body);
        return readRow(tx, resource.table, stored.id);
      });
      return resource.view(row);
    },
  });
}

/** DELETE one the organiser owns, unless the declaration refuses (e.g. it has been sold). */
function deleteOperation<
  T extends ResourceTable,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  V extends z.ZodMiniType,
>(resource: CatalogueResource<T, C, U, V>, kit: Kit<T>): Operation {
  return defineOperation({
    method: 'DELETE',
    path: kit.item,
    ...resource.operations.delete,
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    response: z.undefined(),
    status: 204,
    async handler({ deps, organiserId, params }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const { stored, label } = await kit.own(tx, organiserId, params.id);
        const context = { ...kit.writeContext(tx, organiserId, deps.clock.now(), label), stored };
        await resource.refuseDelete?.(context);
        await guarded(label, async () => {
          if (resource.remove) await resource.remove(context);
          else await deleteRow(tx, resource.table, stored.id);
        });
      });
      return undefined;
    },
  });
}

/** Makes the organiser API's operations of one catalogue entity from its declaration. */
export function catalogueResource<
  T extends ResourceTable,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  V extends z.ZodMiniType,
>(resource: CatalogueResource<T, C, U, V>): Operation[] {
  const kit = resourceKit(resource);
  const list = listOperation(resource, kit);
  return [
    ...(list ? [list] : []),
    createOperation(resource, kit),
    updateOperation(resource, kit),
    deleteOperation(resource, kit),
  ];
}
