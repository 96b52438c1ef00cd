/**
 * The api's layers (docs/architecture.md, "The api's layers"): each top-level folder of api/src belongs to one layer,
 * and a folder imports only its own layer and those below it. Inside a layer folders may import each other, but never
 * both ways: two folders that import each other are one module in two places, and neither can be understood, tested
 * or moved without the other. `npm run lint:layers` (scripts/check-layers.mjs) runs these rules and the two-way check.
 *
 * Test code is outside the layers: *.test.ts(x), the test helpers under api/src/testing/ and each folder's
 * test-support.ts set up whatever a test needs (a seeded catalogue, a paid sale) from any layer.
 */

/** Highest first. A file directly in api/src would be `(root)`, in infra (there is none). */
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
 * Imports that break the layers, each with the change under way that removes it: the check lets exactly these through
 * (`from` and `to` are regular expressions over paths from the repository root, with `why` and `removedBy`) and says
 * so when one of them no longer occurs, so the list only shrinks. Empty: every import keeps the layers.
 */
const pending = [];

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
