/**
 * `npm run catalogue -- import FILE.json` (in the image: `node dist/catalogue.js import FILE.json`): imports a
 * catalogue file into the database the api uses (PGlite under .data/, or DATABASE_URL), in one transaction. The
 * operator is trusted: the file may hold any organiser, charities and platform-wide codes. api/README.md describes the
 * file.
 */
import { systemClock } from '../../platform/clock';
import { databaseOptionsFromEnv, openDatabase } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { CatalogueFileError, describeImport, importCatalogueFromPath } from './import-file';

const USAGE = 'Usage: npm run catalogue -- import FILE.json';

async function run(argv: string[]): Promise<void> {
  const [command, filePath, ...rest] = argv;
  if (command !== 'import' || filePath === undefined || rest.length > 0) throw new CatalogueFileError(USAGE);
  const handle = await openDatabase(databaseOptionsFromEnv());
  try {
    await migrateToLatest(handle.db);
    const result = await importCatalogueFromPath(handle.db, filePath, systemClock.now());
    console.log(`Imported ${filePath} into ${handle.description}:`);
    for (const line of describeImport(result)) console.log(`  ${line}`);
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
