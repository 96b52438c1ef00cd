/**
 * Request rate windows: how many requests each bucket (an organiser API key, or a client address sending no valid key)
 * made in a fixed window, so every api replica counts the same requests (organiser-api/rate-limit/store.ts). One row
 * per bucket and window; a window's end is kept so expired rows are found by an index and deleted on the way.
 * Plain SQL for PostgreSQL 15 and PGlite.
 */
export const statements: readonly string[] = [
  `CREATE TABLE request_rate_windows (
    bucket text NOT NULL,
    window_start timestamptz NOT NULL,
    window_end timestamptz NOT NULL,
    hits integer NOT NULL CHECK (hits > 0),
    PRIMARY KEY (bucket, window_start),
    CHECK (window_end > window_start)
  )`,
  `CREATE INDEX request_rate_windows_end ON request_rate_windows (window_end)`,
];
