/**
 * External ids for the catalogue import and the organiser API: an integrator names each catalogue entity with its own
 * id, and an import finds the row again by it (an upsert), so importing the same file twice changes nothing.
 * - Charities and organisers are platform-wide: their external ids are unique globally.
 * - Waivers, gift vouchers and discount codes belong to an organiser: unique per organiser (platform-wide codes, with
 *   no organiser, share one namespace).
 * - Dates, ticket types, questions and after-sale messages belong to an event: unique per event, so an event's file
 *   can say `"date": "evening"` without the organiser's other events clashing.
 * Plain SQL for PostgreSQL 15 and PGlite.
 */
const externalId = `external_id text CHECK (length(external_id) BETWEEN 1 AND 200)`;

export const statements: readonly string[] = [
  `ALTER TABLE charities ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX charities_external_id ON charities (external_id)`,
  `ALTER TABLE organisers ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX organisers_external_id ON organisers (external_id)`,

  `ALTER TABLE events ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX events_external_id ON events (organiser_id, external_id)`,
  `ALTER TABLE waivers ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX waivers_external_id ON waivers (organiser_id, external_id)`,
  `ALTER TABLE gift_vouchers ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX gift_vouchers_external_id ON gift_vouchers (organiser_id, external_id)`,
  `ALTER TABLE codes ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX codes_external_id ON codes (coalesce(organiser_id, 0), external_id)`,

  `ALTER TABLE event_dates ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX event_dates_external_id ON event_dates (event_id, external_id)`,
  `ALTER TABLE ticket_types ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX ticket_types_external_id ON ticket_types (event_id, external_id)`,
  `ALTER TABLE questions ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX questions_external_id ON questions (event_id, external_id)`,
  `ALTER TABLE after_sale_messages ADD COLUMN ${externalId}`,
  `CREATE UNIQUE INDEX after_sale_messages_external_id ON after_sale_messages (event_id, external_id)`,
];
