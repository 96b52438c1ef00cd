/**
 * For a server test file whose tests do not depend on the suite's database (they start api processes on embedded
 * databases of their own): run them in one of the suite's passes, not in both. That is the PostgreSQL pass when there
 * is one, since the PGlite pass is the longer of the two and scripts/test-server.mjs runs them side by side, and the
 * PGlite pass otherwise. `postgresPass` comes from jest.config.js: whether DATABASE_URL named a PostgreSQL when jest
 * started (so `npx jest <file> --selectProjects server` with DATABASE_URL set skips such a file: select
 * `server-postgres`).
 */
const { postgresPass } = globalThis as typeof globalThis & { postgresPass?: boolean };

/** Whether this pass is the one that runs database-independent files. */
export const isTheOnePass: boolean = postgresPass ? Boolean(process.env.DATABASE_URL) : true;

/** `describe` in the one pass, `describe.skip` in the other. */
export const describeInOnePass: typeof describe = isTheOnePass ? describe : describe.skip;
