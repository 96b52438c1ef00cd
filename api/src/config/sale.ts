import type { AppEnv } from './env-schema';

/** The sale domain's configuration (environment). */
export interface SaleConfig {
  /** Refund protection's price, in basis points of the covered amount (REFUND_PROTECTION_PERCENT, default 5 %). */
  refundProtectionBp: number;
}

export function loadSaleConfig(env: AppEnv): SaleConfig {
  return { refundProtectionBp: env.REFUND_PROTECTION_PERCENT };
}
