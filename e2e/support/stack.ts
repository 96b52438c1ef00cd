/**
 * Where the end-to-end stack runs: its own ports and data folder, so a running `npm start` is left alone. Two runs at
 * once (two engineers on one machine) each set their own ports and E2E_DATA_DIR (a folder under the repository).
 */
export const stack = {
  apiPort: Number(process.env.E2E_PORT ?? 8180),
  remotePorts: {
    mf_basket: Number(process.env.E2E_BASKET_PORT ?? 3181),
    mf_account: Number(process.env.E2E_ACCOUNT_PORT ?? 3182),
    mf_payment: Number(process.env.E2E_PAYMENT_PORT ?? 3183),
    mf_post_sale: Number(process.env.E2E_POST_SALE_PORT ?? 3184),
  },
  dataDir: process.env.E2E_DATA_DIR ?? '.data/e2e',
} as const;

export const baseURL = `http://localhost:${stack.apiPort}`;

export function remoteOrigin(remote: keyof typeof stack.remotePorts): string {
  return `http://localhost:${stack.remotePorts[remote]}`;
}
