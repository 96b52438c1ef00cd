/**
 * Fault injection for the reliability suite (reliability/faults): FAILPOINTS=name,name… makes the process die
 * (SIGKILL, no shutdown hook, like a crashed machine) when it reaches a named point, so a test can stop it exactly
 * between two steps that must survive a crash (money taken, not yet recorded). Unset (always, outside those tests),
 * a failpoint does nothing.
 */
export type Failpoint =
  /** pay_with_instalment: the first payment charged, the sale not yet settled. */
  | 'instalment.after-first-charge'
  /** An instalment job: a later payment charged, not yet recorded as paid. */
  | 'instalment.after-charge'
  /** The card sandbox's confirm: the intent succeeded, the sale not yet settled. */
  | 'card.after-charge'
  /** get_token: the intent created, its answer not yet stored. */
  | 'card.after-intent';

const armed = new Set(
  (process.env.FAILPOINTS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

export function failpoint(name: Failpoint): void {
  if (armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
