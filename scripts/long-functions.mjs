#!/usr/bin/env node
// Lists every production function longer than MAX lines (blank and comment lines not counted), the measure of
// ESLint's max-lines-per-function, which eslint.config.mjs enforces at 100. Disable comments are not read here, so the
// functions kept long on purpose (each says why) are listed too. Tests and test-only helpers are left out, the same
// set eslint.config.mjs calls TESTS. `node scripts/long-functions.mjs [max]`, default 100.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const max = Number(process.argv[2] ?? 100);

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  // Directives written for the full rule set name rules this one does not load.
  allowInlineConfig: false,
  overrideConfig: [
    {
      ignores: [
        '**/node_modules/',
        '**/dist/',
        '**/*.test.{ts,tsx}',
        '**/testing/**',
        '**/testing.ts',
        '**/test-support.ts',
      ],
    },
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      rules: { 'max-lines-per-function': ['error', { max, skipBlankLines: true, skipComments: true }] },
    },
  ],
});

const results = await eslint.lintFiles(['{shared,shell,api}/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}']);
const long = results.flatMap((result) =>
  result.messages.map((message) => `${path.relative(root, result.filePath)}:${message.line}  ${message.message}`),
);
console.log(long.length ? long.join('\n') : `No production function is over ${max} lines.`);
