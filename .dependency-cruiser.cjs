/**
 * The api's layers (docs/architecture.md, "The api's layers"): each top-level folder of api/src belongs to one layer,
 * and a folder imports only its own layer and those below it. Inside a layer folders may import each other, but never
 * both ways: two folders that import each other are one module in two places, and neither can be understood, tested
 * or moved without the other. `npm run lint:layers` (scripts/check-layers.mjs) runs these rules and the two-way check.
 *
 * Test code is outside the layers: *.test.ts(x), the test helpers under api/src/testing/ and each folder's
 * test-support.ts set up whatever a test needs (a seeded catalogue, a paid sale) from any layer.
 */

/** Highest first. The root files (config.ts, env.ts, secret-files.ts) are the `config` folder's, in infra. */
const layers = [
  { name: 'app', folders: ['app'] },
  { name: 'edges', folders: ['pages', 'organiser-api', 'openapi', 'seed', 'door'] },
  {
    name: 'features',
    folders: [
      'sale',
      'payment',
      'instalments',
      'identity',
      'delivery',
      'donation',
      'transfers',
      'waiting-room',
      'waivers',
      'address',
      'captcha',
      'preferences',
      'questions',
      'post-sale',
      'emails',
    ],
  },
  {
    name: 'core',
    folders: ['catalogue', 'inventory', 'tickets', 'pricing', 'ledger', 'session', 'deps', 'web', 'domain-events'],
  },
  { name: 'infra', folders: ['http', 'db', 'mail', 'jobs', 'observability', 'platform', 'config', '(root)'] },
];

/**
 * Imports that break the layers today and the change under way that removes each: the check lets exactly these
 * through (`from` and `to` are regular expressions over paths from the repository root) and says so when one of them
 * no longer occurs, so the list only shrinks.
 */
const pending = [
  {
    from: '^api/src/config\\.ts$',
    to: '^api/src/(address|captcha|identity|mail|sale|payment|http|observability|organiser-api)/',
    why: 'the app configuration is assembled from each area’s own config module, so infra imports features and edges',
    removedBy: 'one zod environment schema in api/src/config/ (its areas read their part from it)',
  },
  {
    from: '^api/src/(address|http|identity|observability|organiser-api|payment|sale)/',
    to: '^api/src/(config|env)\\.ts$',
    why: 'areas read their settings from config.ts and env.ts, which import those areas back',
    removedBy: 'one zod environment schema in api/src/config/ (env.ts goes, config.ts stops importing the areas)',
  },
  {
    from: '^api/src/(inventory/holds|sale/reserve)\\.ts$',
    to: '^api/src/organiser-api/webhooks/emit\\.ts$',
    why: 'holds and reservations tell organisers’ webhooks directly, so core and features import an integration',
    removedBy: 'the domain-event outbox (api/src/domain-events/): they record an event, organiser-api delivers it',
  },
  {
    from: '^api/src/transfers/transfers\\.ts$',
    to: '^api/src/organiser-api/webhooks/emit\\.ts$',
    why: 'a transfer tells organisers’ webhooks directly, so a feature imports an integration',
    removedBy: 'the domain-event outbox (api/src/domain-events/), like holds and reservations',
  },
  {
    from: '^api/src/payment/settle\\.ts$',
    to: '^api/src/organiser-api/(orders/view|webhooks/record)\\.ts$',
    why: 'settling a payment builds the organiser’s order view and records its webhook itself',
    removedBy: 'the domain-event outbox (api/src/domain-events/): settle records an event, organiser-api reacts',
  },
];

const folderPattern = (folders) =>
  `^api/src/(${folders
    .filter((folder) => folder !== '(root)')
    .map((folder) => folder.replace(/[.-]/g, '\\$&'))
    .join('|')})/${folders.includes('(root)') ? '|^api/src/[^/]+$' : ''}`;

const TEST_CODE = '(\\.test\\.tsx?$|/test-support\\.ts$|^api/src/testing/)';

/** One rule a layer: nothing in it imports a layer above it. */
const layerRules = layers.slice(1).map((layer, index) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.name} (${layer.folders.join(', ')}) imports no higher layer (${layers
    .slice(0, index + 1)
    .map((higher) => higher.name)
    .join(', ')})`,
  severity: 'error',
  from: { path: folderPattern(layer.folders), pathNot: TEST_CODE },
  to: { path: folderPattern(layers.slice(0, index + 1).flatMap((higher) => higher.folders)), pathNot: TEST_CODE },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'layer-unknown-folder',
      comment: 'every top-level folder of api/src is in one layer (add a new folder to `layers` above)',
      severity: 'error',
      from: { path: '^api/src/', pathNot: `${TEST_CODE}|${folderPattern(layers.flatMap((layer) => layer.folders))}` },
      to: {},
    },
  ],
  options: {
    includeOnly: '^api/src/',
    exclude: { path: '(^|/)(node_modules|dist)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] },
  },
  layers,
  pending,
};
