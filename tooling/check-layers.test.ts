import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// npm run lint:layers on a tiny api/src of its own, with the repository's layers and nothing pending.
const root = path.resolve(__dirname, '..');
const trees: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-layers-'));
  trees.push(dir);
  const config = `module.exports = { ...require(${JSON.stringify(path.join(root, '.dependency-cruiser.cjs'))}), pending: [] };\n`;
  writeFileSync(path.join(dir, '.dependency-cruiser.cjs'), config);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

function check(dir: string): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/check-layers.mjs'), '--root', dir, '--config', path.join(dir, '.dependency-cruiser.cjs')],
    { encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

describe('the api layer check', () => {
  it('fails on two folders that import each other, naming both and the imports', () => {
    const { status, output } = check(
      tree({
        'api/src/sale/basket.ts': "import { pay } from '../payment/pay';\nexport const basket = () => pay();\n",
        'api/src/payment/pay.ts': "import { total } from '../sale/total';\nexport const pay = () => total;\n",
        'api/src/sale/total.ts': 'export const total = 1;\n',
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain('two-way folder dependency: api/src/payment and api/src/sale import each other');
    expect(output).toContain('api/src/payment/pay.ts -> api/src/sale/total.ts');
    expect(output).toContain('api/src/sale/basket.ts -> api/src/payment/pay.ts');
  }, 60_000);

  it('fails on a lower layer importing a higher one', () => {
    const { status, output } = check(
      tree({
        'api/src/db/schema.ts': "import { basket } from '../sale/basket';\nexport const schema = basket;\n",
        'api/src/sale/basket.ts': 'export const basket = 1;\n',
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain('layer-infra: api/src/db/schema.ts -> api/src/sale/basket.ts');
  }, 60_000);

  it('passes on folders that import downwards only, whatever their tests import', () => {
    const { status, output } = check(
      tree({
        'api/src/app/main.ts': "import { basket } from '../sale/basket';\nexport const main = basket;\n",
        'api/src/sale/basket.ts': "import { pay } from '../payment/pay';\nexport const basket = () => pay();\n",
        'api/src/payment/pay.ts': "import { price } from '../pricing/price';\nexport const pay = () => price;\n",
        'api/src/payment/pay.test.ts': "import { basket } from '../sale/basket';\nexport const seen = basket;\n",
        'api/src/pricing/price.ts': "import type { Db } from '../db/schema';\nexport const price = (db?: Db) => db;\n",
        'api/src/db/schema.ts': 'export type Db = { name: string };\n',
      }),
    );
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 60_000);
});
