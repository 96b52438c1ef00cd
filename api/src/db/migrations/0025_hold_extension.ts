/**
 * 'Need more time?': an event's organiser may let a buyer add minutes to a live reservation once
 * (`hold_extension_minutes`, 0 = not offered; a basket of several events gets the smallest of theirs, sale/extend.ts),
 * and the sale keeps when its reservation was extended (`hold_extended_at`), so each reservation is extended at most
 * once: one made again later (reserved_at after it) has its own chance. Plain SQL for PostgreSQL 15 and PGlite.
 */
export const statements: readonly string[] = [
  `ALTER TABLE events ADD COLUMN hold_extension_minutes integer NOT NULL DEFAULT 0
    CHECK (hold_extension_minutes BETWEEN 0 AND 60)`,
  `ALTER TABLE sales ADD COLUMN hold_extended_at timestamptz`,
];
