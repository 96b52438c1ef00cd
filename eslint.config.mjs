// ESLint for the whole repository (`npm run lint`, part of `npm test`). The rule set and the reasons for what is on,
// narrowed or off are in the README ('Lint').
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import effector from 'eslint-plugin-effector';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const packageBoundaries = createRequire(import.meta.url)('./tooling/eslint-package-boundaries.cjs');

const TS = ['**/*.ts', '**/*.tsx'];
const JS = ['**/*.js', '**/*.cjs', '**/*.mjs'];
const PAGE = ['shared/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'];
const SOURCES = ['shared/src/**', 'shell/src/**', 'mf-*/src/**', 'api/src/**'];
/** For each workspace whose source is checked, the other workspaces it may import. */
const BOUNDARIES = {
  shared: [],
  shell: ['shared'],
  'mf-basket': ['shared'],
  'mf-account': ['shared'],
  'mf-payment': ['shared'],
  'mf-post-sale': ['shared'],
  api: ['shared'],
};
/** Tests and the helpers only tests use. */
const TESTS = [
  '**/*.test.{ts,tsx}',
  '**/testing/**/*.{ts,tsx}',
  '**/testing.ts',
  '**/test-support.ts',
  'e2e/**/*.{ts,tsx}',
  'reliability/**/*.ts',
  'bench/**/*.ts',
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/.data/',
      '**/test-results/',
      '**/.test-results/',
      '**/playwright-report/',
      '**/coverage/',
      'reliability/results/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,

  // The api's configuration is read once, by its schema (api/src/config/): nowhere else reads process.env, so every
  // variable has its type, default and documentation in one place.
  {
    files: ['api/src/**/*.{ts,tsx}'],
    ignores: ['api/src/config/**', ...TESTS],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from processEnv() (api/src/config/), which parses every variable once.',
        },
      ],
    },
  },

  // TypeScript: type-aware, on the same program `npm run typecheck` builds (the root tsconfig includes every package).
  {
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Effects fail with ApiFailure, plain tagged data rather than an Error, because each bundle has its own copy of
      // any error class and `instanceof` fails across remotes (STYLE.md). Anything else thrown must be an Error.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'file', name: 'ApiFailure', path: 'shared/src/api/failure.ts' }] },
      ],
      // Its one option cannot name ApiFailure, and every rejection in the code and its fakes is one (see above).
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // `async` without `await` is how an implementation of a promise-returning interface (an effect handler, a fake
      // API call) turns a throw into a rejection; the promise bugs worth finding are no-floating-promises' and
      // no-misused-promises'. Nearly all of its 176 findings were such handlers.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },

  // React's two classic hook rules wherever React runs (the page, and the api's emails). Not the React Compiler's
  // rules of eslint-plugin-react-hooks 7 (purity, refs, set-state-in-effect…): the code is not compiled by it.
  {
    files: [...PAGE, 'api/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  // The page: accessibility and effector's rules, on the shell, the remotes and shared's UI.
  {
    files: PAGE,
    plugins: { effector },
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      ...effector.flatConfigs.recommended.rules,
      ...effector.flatConfigs.scope.rules,
      ...effector.flatConfigs.react.rules,
      ...effector.flatConfigs.patronum.rules,
      // Its guess at 'a custom factory' is any call whose result's type holds a unit: StepDeps carries the shell's
      // commands, so every `shown({ deps })` in a mount effect was reported (33, none real). Calls to effector's own
      // factories and operators in render are still errors.
      'effector/no-units-spawn-in-render': ['error', { detectCustomFactories: false }],
    },
  },

  // Which workspace may import which: a remote only shared and itself, the shell no remote, shared no app, the api
  // no page package. e2e, bench, reliability, deploy and tooling drive the others from outside and are left free.
  {
    files: SOURCES,
    plugins: { checkout: { rules: { 'package-boundaries': packageBoundaries } } },
    rules: { 'checkout/package-boundaries': ['error', { root, allow: BOUNDARIES }] },
  },

  // Production functions stay short enough to read at once: over 100 lines (blank lines and comments not counted,
  // IIFEs included), a function is split by what its parts do, or says with a disable comment why it is not.
  {
    files: SOURCES,
    ignores: TESTS,
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },

  // Tests read JSON a server or a browser sent (`inject().json()`, Playwright's `response.json()`: `any`) and check it
  // with expect at once; a declared type there would be an unchecked cast. Over 450 findings, all of that kind.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // JavaScript: build configs and scripts run by Node. No types.
  { files: JS, extends: [tseslint.configs.disableTypeChecked] },
  { files: ['**/*.cjs', '**/*.js'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
);
