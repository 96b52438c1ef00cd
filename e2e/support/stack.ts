/**
 * Where the end-to-end stacks run. The suite runs with several Playwright workers, each against a stack of its own (an
 * api on its own embedded database and four remotes' servers): worker slot k (TEST_PARALLEL_INDEX, set by Playwright
 * in each worker process; 0 in the runner) uses the slot-0 ports plus 1000 × k and a data folder of its own. The
 * ports stay clear of a running `npm start`. Two runs at once (two engineers on one machine) each set their own base
 * port (E2E_PORT) and E2E_DATA_DIR (a folder under the repository).
 */
export const SLOT_PORT_STEP = 1000;

export interface Stack {
  slot: number;
  apiPort: number;
  remotePorts: { mf_basket: number; mf_account: number; mf_payment: number; mf_post_sale: number };
  dataDir: string;
}

/** The stack of worker slot `slot`. */
export function stackFor(slot: number): Stack {
  const offset = slot * SLOT_PORT_STEP;
  const port = (name: string, base: number) => Number(process.env[name] ?? base) + offset;
  return {
    slot,
    apiPort: port('E2E_PORT', 8180),
    remotePorts: {
      mf_basket: port('E2E_BASKET_PORT', 3181),
      mf_account: port('E2E_ACCOUNT_PORT', 3182),
      mf_payment: port('E2E_PAYMENT_PORT', 3183),
      mf_post_sale: port('E2E_POST_SALE_PORT', 3184),
    },
    dataDir: `${process.env.E2E_DATA_DIR ?? '.data/e2e'}/${slot}`,
  };
}

/** This worker's slot. */
export const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** A port of this worker's own, for a spec that starts processes of its own (`base` is its slot-0 port). */
export function slotPort(base: number): number {
  return base + slot * SLOT_PORT_STEP;
}

/** This worker's stack. */
export const stack: Stack = stackFor(slot);

export const baseURL = `http://localhost:${stack.apiPort}`;

export function remoteOrigin(remote: keyof Stack['remotePorts']): string {
  return `http://localhost:${stack.remotePorts[remote]}`;
}
