/** @jest-environment node */
import { RuleTester, type Rule } from 'eslint';

// A CommonJS file (eslint.config.mjs loads it with require), so no TypeScript import of it.
const rule = jest.requireActual<Rule.RuleModule>('./eslint-package-boundaries.cjs');

const root = '/repo';
const options = [{ root, allow: { shared: [], shell: ['shared'], 'mf-basket': ['shared'], api: ['shared'] } }];
const at = (file: string, code: string) => ({ code, filename: `${root}/${file}`, options });

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'checkout/package-boundaries',
  rule,
  {
    valid: [
      at('mf-basket/src/basket/Step.tsx', "import * as messages from '@checkout/shared/messages/basket';"),
      at('mf-basket/src/basket/Step.tsx', "import { Button } from '@checkout/shared/ui';"),
      at('mf-basket/src/basket/Step.tsx', "import { model } from '../reserve/model';"),
      // The shell's own model/api folder is not the api package.
      at('shell/src/model/state/state.ts', "import { getCheckoutFx } from '../api/effects';"),
      at('api/src/app/app.ts', "import Fastify from 'fastify';"),
      // Packages without a policy (e2e here) are not checked.
      at('e2e/deploy/variant.tsx', "import { BasketStep } from '../../mf-basket/src/basket/Step';"),
    ],
    invalid: [
      {
        ...at('mf-basket/src/x.ts', "import { x } from '@checkout/mf-account';"),
        errors: [{ messageId: 'forbidden' }],
      },
      {
        ...at('mf-basket/src/x.ts', "import { x } from '../../mf-payment/src/payment/model';"),
        errors: [{ messageId: 'forbidden' }],
      },
      {
        ...at('shell/src/remotes/x.ts', "const m = import('../../../mf-basket/src/index');"),
        errors: [{ messageId: 'forbidden' }],
      },
      { ...at('shared/src/x.ts', "export * from '@checkout/shell';"), errors: [{ messageId: 'forbidden' }] },
      { ...at('api/src/x.ts', "const s = require('../../shell/src/ui/App');"), errors: [{ messageId: 'forbidden' }] },
      {
        ...at('api/src/x.test.ts', "jest.mock('../../mf-basket/src/basket/model');"),
        errors: [{ messageId: 'forbidden' }],
      },
      {
        ...at('mf-basket/src/x.ts', "import { messages } from '../../shared/src/messages';"),
        errors: [{ messageId: 'byPath' }],
      },
    ],
  },
);
