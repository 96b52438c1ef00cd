import { readFile } from 'node:fs/promises';
import type { Db } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { validationError } from '../../http/validation';
import { importCatalogueFile, type ImportResult } from './import';
import { CatalogueFileSchema } from './schemas';

/** A catalogue file that cannot be imported: what is wrong, in sentences (the command prints them). */
export class CatalogueFileError extends Error {}

/**
 * Reads, validates and imports a catalogue file in one transaction (the operator's command: any organiser, and
 * platform-wide charities and codes). Nothing is written unless all of it is.
 */
export async function importCatalogueFromPath(db: Db, filePath: string, now: Date): Promise<ImportResult> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    throw new CatalogueFileError(`Cannot read ${filePath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CatalogueFileError(`${filePath} is not valid JSON: ${error instanceof Error ? error.message : ''}`);
  }
  const parsed = CatalogueFileSchema.safeParse(json);
  if (!parsed.success) {
    const refusal = validationError(parsed.error.issues, json);
    const fields = Object.values(refusal.errors ?? {});
    throw new CatalogueFileError(
      [`${filePath} is not a valid catalogue:`, ...fields.map((line) => `  ${line}`)].join('\n'),
    );
  }
  try {
    return await db.transaction().execute((tx) => importCatalogueFile(tx, parsed.data, { now }));
  } catch (error) {
    if (error instanceof HttpError) throw new CatalogueFileError(`Nothing was imported: ${error.message}`);
    throw error;
  }
}

/** The import's counts as lines: `events: 2 created, 1 updated, 0 unchanged`. */
export function describeImport(result: ImportResult): string[] {
  return Object.entries(result.counts)
    .filter(([, counts]) => counts.created + counts.updated + counts.unchanged > 0)
    .map(
      ([kind, counts]) =>
        `${kind}: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`,
    );
}
