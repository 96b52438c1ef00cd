#!/usr/bin/env node
// `npm run env:docs`: writes the configuration tables of api/README.md (between its env-table markers) and
// api/.env.example from the api's environment schema (api/src/config/env-schema.ts), the one place a variable is
// declared. `--check` (the first step of `npm run lint`) writes nothing and fails, naming the file, when either is not
// what the schema makes. `--root <dir>` reads and writes <dir>/api/README.md and <dir>/api/.env.example instead (its test).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const rootArg = process.argv.indexOf('--root');
const root =
  rootArg === -1
    ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
    : path.resolve(process.argv[rootArg + 1] ?? '.');
const { envDocFiles, staleMessage } = await tsImport('../api/src/config/env-docs.ts', import.meta.url);

const read = (name) => {
  try {
    return readFileSync(path.join(root, name), 'utf8');
  } catch {
    // Missing counts as stale.
    return '';
  }
};

const files = envDocFiles(read('api/README.md'), read('api/.env.example'));
if (process.argv.includes('--check')) {
  const message = staleMessage(files);
  if (message) {
    console.error(message);
    process.exit(1);
  }
} else {
  for (const file of files) {
    if (file.current === file.expected) continue;
    writeFileSync(path.join(root, file.name), file.expected);
    console.log(`wrote ${file.name}`);
  }
}
