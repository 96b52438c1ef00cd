/**
 * Receipts. Plain SQL for PostgreSQL 15 and PGlite.
 * - The card a provider payment was made with, brand and last four digits only (never the number): the order
 *   confirmation is a receipt, and a buyer recognises a payment by the card it was taken from. Null for bank
 *   payments, free claims and payments made before this migration (their receipts name no card).
 * - Attachments of an outbox message (the order confirmation's calendar files), as JSON
 *   [{ "filename", "contentType", "content" }] with text content: kept with the message so a retried delivery sends
 *   exactly what was stored.
 */
export const statements: readonly string[] = [
  `ALTER TABLE sale_provider_payments ADD COLUMN card_brand text`,
  `ALTER TABLE sale_provider_payments ADD COLUMN card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$')`,
  `ALTER TABLE outbox ADD COLUMN attachments text NOT NULL DEFAULT '[]'`,
];
