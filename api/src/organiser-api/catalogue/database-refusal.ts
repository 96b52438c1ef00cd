import { HttpError } from '../../http/errors';
import { refused } from '../operation';

/**
 * A database refusal of a catalogue write (a taken slug or code, a broken check) as a 409 naming the entity, so a
 * rule the schemas cannot see (uniqueness across organisers, stock) still answers with a sentence, never a 500.
 * Anything else is rethrown as it is.
 */
const CONSTRAINT_SENTENCES: Record<string, string> = {
  events_slug_key: 'its slug is taken by another event',
  organisers_slug_key: 'its slug is taken by another organiser',
  codes_code: 'this code is taken (codes are unique across the platform)',
  ticket_types_stock: 'its capacity cannot go below what is sold or held',
};

const SQLSTATE_SENTENCES: Record<string, string> = {
  '23505': 'it clashes with an existing row (an id or a unique value is taken)',
  '23514': 'a value breaks a rule of the catalogue',
  '23503': 'it refers to something that does not exist, or is still referred to',
};

function field(error: object, key: string): string | undefined {
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

export function asCatalogueRefusal(error: unknown, label: string): unknown {
  if (error instanceof HttpError || typeof error !== 'object' || error === null) return error;
  const code = field(error, 'code');
  const constraint = field(error, 'constraint');
  const sentence =
    (constraint !== undefined ? CONSTRAINT_SENTENCES[constraint] : undefined) ??
    (code !== undefined ? SQLSTATE_SENTENCES[code] : undefined);
  return sentence === undefined ? error : refused(`${label} cannot be saved: ${sentence}.`);
}

/** Runs one entity's write, turning a database refusal into a sentence about `label`. */
export async function guarded<T>(label: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw asCatalogueRefusal(error, label);
  }
}
