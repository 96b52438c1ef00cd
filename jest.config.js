/** Two projects: `unit` (pure rules, models, components; jsdom) and `server` (Fastify inject against a real database). */

// Every suite runs on Node 24, however jest was started (npm run test:unit, npx jest, an editor's runner).
require('./scripts/node-version.cjs').requireNode('jest');

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// Some server dependencies are ESM only (cookie 2, content-disposition, p-retry) and some CommonJS ones load modules with
// import() (PGlite's node built-ins, @fastify/cookie's `cookie`), which jest's VM refuses without
// --experimental-vm-modules: swc turns them all into plain CommonJS (require), like our own code. react-email's render
// loads react-dom/server with import() too.
const nodeTransform = {
  transform: {
    ...transform,
    '(@electric-sql/pglite|@react-email/render)/dist/.+\\.cjs$': transform['^.+\\.(t|j)sx?$'],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(kysely|@electric-sql/pglite|@react-email/render|cookie|@fastify/cookie|content-disposition|p-retry|is-network-error)/)',
  ],
};

const postgresUrl = process.env.DATABASE_URL?.trim() ?? '';

/**
 * The page runs React's API on Preact (tooling/webpack.cjs): components are tested on the same, react and react-dom
 * (and react-dom/test-utils, which @testing-library/react reaches for act) being preact/compat. Preact's CommonJS
 * files are named outright: under jsdom its package exports would hand jest the ES module builds.
 */
const preact = (file) => `<rootDir>/node_modules/preact/${file}`;
const reactOnPreact = {
  '^(react|react-dom|preact/compat)$': preact('compat/dist/compat.js'),
  '^react-dom/client$': preact('compat/client.js'),
  '^react-dom/server$': preact('compat/server.js'),
  '^(react-dom/test-utils|preact/test-utils)$': preact('test-utils/dist/testUtils.js'),
  '^(react/jsx-runtime|react/jsx-dev-runtime|preact/jsx-runtime)$': preact('jsx-runtime/dist/jsxRuntime.js'),
  '^preact/hooks$': preact('hooks/dist/hooks.js'),
  '^preact$': preact('dist/preact.js'),
  '^preact-render-to-string$': '<rootDir>/node_modules/preact-render-to-string/dist/index.js',
  '^preact-render-to-string/stream$': '<rootDir>/node_modules/preact-render-to-string/dist/stream/index.js',
};

/**
 * The server suite (Fastify inject against a real database) on one database: `server` on the embedded PGlite, whatever
 * the environment names, and `server-postgres` on the PostgreSQL of DATABASE_URL (scripts/test-server.mjs runs the
 * two side by side).
 */
function serverProject(displayName, databaseUrl) {
  return {
    displayName,
    testEnvironment: 'node',
    roots: ['<rootDir>/api/src'],
    testMatch: ['**/*.test.ts'],
    ...nodeTransform,
    // Read by api/src/testing/jest-database.ts before each file: which database its createTestDatabase() opens; and by
    // api/src/testing/one-pass.ts: whether a PostgreSQL pass runs too.
    globals: { testDatabaseUrl: databaseUrl, postgresPass: postgresUrl !== '' },
    setupFiles: ['<rootDir>/api/src/testing/jest-database.ts'],
  };
}

module.exports = {
  // Global, not per project (jest ignores it there): a server test file creates a fresh database in its hooks (PGlite
  // boots in ~3 s, more on a busy 2-core machine and when the migrated snapshot is first built).
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/shared/src',
        '<rootDir>/shell/src',
        '<rootDir>/mf-basket/src',
        '<rootDir>/mf-account/src',
        '<rootDir>/mf-payment/src',
        '<rootDir>/mf-post-sale/src',
        '<rootDir>/deploy',
        '<rootDir>/bench',
        '<rootDir>/tooling',
      ],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform,
      moduleNameMapper: { '\\.css$': '<rootDir>/tooling/jest-style-stub.js', ...reactOnPreact },
      setupFilesAfterEnv: ['<rootDir>/tooling/jest-setup-dom.ts'],
    },
    serverProject('server', ''),
    // Only where a PostgreSQL is named: the same files again, each against a database of its own on that server.
    ...(postgresUrl ? [serverProject('server-postgres', postgresUrl)] : []),
    {
      // `npm run test:reliability` (reliability/run.ts): real api processes on PostgreSQL under load, faults and hostile
      // input; figures recorded through reliability/support/figures.ts.
      displayName: 'reliability',
      testEnvironment: 'node',
      roots: ['<rootDir>/reliability'],
      testMatch: ['**/*.test.ts'],
      ...nodeTransform,
    },
  ],
};
