/** The process environment as configuration reads it. */
export type Env = Record<string, string | undefined>;

/** A positive whole number from the environment; `fallback` when unset or blank, an error naming the variable otherwise. */
export function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  return value;
}
