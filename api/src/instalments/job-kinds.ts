/** Durable job kinds of payment plans (claimed only by the instalment runner). */
export const CHARGE_JOB = 'instalment.charge';
export const REMINDER_JOB = 'instalment.reminder';
/** Finishes a plan whose pay_with_instalment died after the plan was made (instalments/pay.ts resumePlanStart). */
export const START_JOB = 'instalment.start';
export const INSTALMENT_JOB_KINDS = [CHARGE_JOB, REMINDER_JOB, START_JOB] as const;

/** SMS and email reminders go out this long before each payment (or at once when the payment is sooner). */
export const REMINDER_BEFORE_MS = 3 * 24 * 60 * 60 * 1000;

export function reminderAt(dueAt: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), dueAt.getTime() - REMINDER_BEFORE_MS));
}

export interface InstalmentJobPayload {
  planId: number;
  seq: number;
}

export function instalmentPayloadOf(payload: unknown): InstalmentJobPayload {
  const value = payload as Partial<InstalmentJobPayload> | null;
  if (!value || !Number.isInteger(value.planId) || !Number.isInteger(value.seq))
    throw new Error(`An instalment job needs planId and seq, got ${JSON.stringify(payload)}`);
  return { planId: value.planId as number, seq: value.seq as number };
}
