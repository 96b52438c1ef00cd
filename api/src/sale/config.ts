/** The sale domain's configuration (environment). */
export interface SaleConfig {
  /** Refund protection's price, in basis points of the covered amount (REFUND_PROTECTION_PERCENT, default 5 %). */
  refundProtectionBp: number;
}

export function loadSaleConfig(env: Record<string, string | undefined> = process.env): SaleConfig {
  const raw = env.REFUND_PROTECTION_PERCENT?.trim();
  if (raw === undefined || raw === '') return { refundProtectionBp: 500 };
  const percent = Number(raw);
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(raw) || percent <= 0)
    throw new Error(`REFUND_PROTECTION_PERCENT must be a percentage such as 5 or 7.5, got '${raw}'`);
  return { refundProtectionBp: Math.round(percent * 100) };
}
