/**
 * Run before each server test file (jest.config.js, setupFiles): points DATABASE_URL at the database of the file's
 * project, so createTestDatabase() and anything else the file starts open PGlite in the `server` project and the
 * named PostgreSQL in `server-postgres`, whatever the shell that started jest had set.
 */
const { testDatabaseUrl } = globalThis as typeof globalThis & { testDatabaseUrl?: string };

if (testDatabaseUrl) process.env.DATABASE_URL = testDatabaseUrl;
else delete process.env.DATABASE_URL;
