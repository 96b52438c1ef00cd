// Lints the API's two OpenAPI documents (the checkout page's and the organiser API's) with Redocly's recommended rules (redocly.yaml), as integrators' tools will read
// it: the document is built from the contract exactly as GET /ajax/openapi.json serves it, written to a temporary
// file and handed to the redocly CLI. Offline: telemetry and the update check are switched off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOrganiserOpenApiDocument } from '../organiser-api/openapi';
import { organiserApiOperations } from './organiser-operations';
import { buildOpenApiDocument } from '../openapi/document';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
const checkout = path.join(dir, 'checkout-openapi.json');
const organiser = path.join(dir, 'organiser-openapi.json');
try {
  writeFileSync(checkout, JSON.stringify(buildOpenApiDocument(), null, 2));
  writeFileSync(organiser, JSON.stringify(buildOrganiserOpenApiDocument(organiserApiOperations), null, 2));
  const redocly = path.join(
    REPO_ROOT,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'redocly.cmd' : 'redocly',
  );
  const result = spawnSync(redocly, ['lint', '--config', path.join(REPO_ROOT, 'redocly.yaml'), checkout, organiser], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.error) throw result.error;
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
