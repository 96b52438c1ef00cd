/**
 * `npm run db:schema`: the kysely types of the database (api/src/db/schema.generated.ts), generated from the migrations.
 * An empty in-memory PGlite is migrated with the api's own migrator, kysely-codegen reads the tables back, and prettier
 * formats the result, so the file depends on the migrations alone (never on a developer's database).
 *
 * `npm run db:schema -- --check` (the lint phase) writes nothing and fails when the file differs from what the
 * migrations give: a migration was added or changed without the file being regenerated, or the file was edited.
 *
 * What introspection cannot know is said here: the unions of values a CHECK constraint allows get the names the code
 * uses (UNIONS), and the few columns whose TypeScript type is not their SQL type's are listed in OVERRIDES.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import {
  DatabaseMetadata,
  EnumCollection,
  generate,
  PostgresDialect,
  toKyselyPascalCase,
  type ColumnMetadataOptions,
  type TableMetadataOptions,
} from 'kysely-codegen';
import { format, resolveConfig } from 'prettier';
import { openDatabase } from '../api/src/db/connect';
import { migrateToLatest } from '../api/src/db/migrate';
import { checkedValues } from './check-constraint-values';

const OUT_FILE = path.resolve(__dirname, '../api/src/db/schema.generated.ts');

/**
 * Named unions, each the values of the CHECK constraint of the columns listed (`table.column`). Every listed column
 * that has such a constraint must allow the same values; a column without one (an array of them) takes the union as
 * is. A CHECK-listed column not named here gets its union inline.
 */
const UNIONS: Record<string, readonly string[]> = {
  ApiKeyScope: ['organiser_api_keys.scope'],
  CardType: ['user_payment_methods.card_type'],
  CodeKind: ['codes.kind'],
  HoldStatus: ['holds.status'],
  InstalmentStatus: ['payment_plan_instalments.status'],
  JobStatus: ['jobs.status'],
  LedgerKind: ['ledger_entries.kind'],
  PaymentPlanStatus: ['payment_plans.status'],
  PaymentProviderKind: ['organisers.payment_provider'],
  ProviderPaymentStatus: ['sale_provider_payments.status'],
  QuestionTiming: ['questions.timing'],
  QuestionType: ['questions.type'],
  SaleStatus: ['sales.status'],
  SandboxBankStatus: ['sandbox_bank_payments.status'],
  SandboxIntentStatus: ['sandbox_payment_intents.status'],
  TicketVoidReason: ['tickets.void_reason'],
  WebhookDeliveryStatus: ['webhook_deliveries.status'],
  WebhookEventType: ['webhook_events.type', 'webhook_endpoints.events'],
};

/**
 * Columns typed otherwise than their SQL type says (the full type, nullability and default included):
 * - JSON: read back parsed (the code checks it with a schema, so unknown), written as the JSON text the code made.
 * - test_money: set by a trigger from the sandboxes' tables, whatever an insert or update says.
 */
const OVERRIDES: Record<string, string> = {
  'jobs.payload': 'ColumnType<unknown, string | undefined, string>',
  'order_refunds.answer': 'ColumnType<unknown, string, string>',
  'webhook_events.data': 'ColumnType<unknown, string, string>',
  'ledger_entries.test_money': 'ColumnType<boolean, never, never>',
};

const HEADER = `/**
 * The database's tables as kysely types, generated from the migrations by \`npm run db:schema\` (tooling/db-schema.ts).
 * Do not edit: write a migration and run it again. The code imports these through ./schema.
 */
`;

/** The name kysely-codegen gives an enum type: the union's name must come back from it unchanged. */
function enumTypeName(union: string): string {
  const snake = union.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
  if (toKyselyPascalCase(snake) !== union) throw new Error(`Union name '${union}' is not PascalCase`);
  return snake;
}

interface CheckRow {
  table: string;
  definition: string;
}

/** `table.column` → the values its CHECK constraint allows, for every constraint that only lists values. */
async function checkedColumns(db: Kysely<unknown>): Promise<Map<string, string[]>> {
  const { rows } = await sql<CheckRow>`
    select c.relname as "table", pg_get_constraintdef(con.oid) as "definition"
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    where con.contype = 'c' and c.relnamespace = current_schema()::regnamespace
    order by c.relname, con.conname`.execute(db);
  const columns = new Map<string, string[]>();
  for (const row of rows) {
    const checked = checkedValues(row.definition);
    if (!checked) continue;
    const key = `${row.table}.${checked.column}`;
    const known = columns.get(key);
    // Two such constraints on one column: only the values both allow can be stored.
    columns.set(key, known ? known.filter((value) => checked.values.includes(value)) : checked.values);
  }
  return columns;
}

/**
 * The named unions and the columns that take them. Fails on a column of UNIONS or OVERRIDES that the database does not
 * have (renamed or dropped), so neither is left to apply to nothing.
 */
function unionsOf(checked: Map<string, string[]>, metadata: DatabaseMetadata) {
  const known = new Set(
    metadata.tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)),
  );
  for (const column of Object.keys(OVERRIDES))
    if (!known.has(column)) throw new Error(`OVERRIDES: no column ${column} in the migrated database`);
  const named = new Map<string, string>();
  const enums = new Map<string, string[]>();
  for (const [union, columns] of Object.entries(UNIONS)) {
    const type = enumTypeName(union);
    let values: string[] | undefined;
    for (const column of columns) {
      if (!known.has(column)) throw new Error(`UNIONS.${union}: no column ${column} in the migrated database`);
      const own = checked.get(column);
      if (!own) continue;
      if (values && [...values].sort().join('\0') !== [...own].sort().join('\0'))
        throw new Error(`UNIONS.${union}: ${column} allows ${own.join(', ')}, not ${values.join(', ')}`);
      values ??= own;
    }
    if (!values)
      throw new Error(`UNIONS.${union}: none of ${columns.join(', ')} has a CHECK constraint listing values`);
    enums.set(type, values);
    for (const column of columns) named.set(column, type);
  }
  return { named, enums };
}

/**
 * kysely-codegen sorts an enum's values; a CHECK constraint's keep the order its migration wrote them in (a status's
 * lifecycle, say). PostgreSQL's own enums, read in no particular order, are still sorted.
 */
class DeclaredOrderEnums extends EnumCollection {
  constructor(introspected: EnumCollection) {
    super();
    for (const key of Object.keys(introspected.enums).sort()) this.set(key, introspected.get(key) ?? []);
  }

  override get(key: string): string[] | null {
    return this.enums[key.toLowerCase()] ?? null;
  }
}

/** Gives each CHECK-listed column its union: a named one as an enum type of its own, else its values inline. */
async function withUnions(db: Kysely<unknown>, metadata: DatabaseMetadata): Promise<DatabaseMetadata> {
  const checked = await checkedColumns(db);
  const { named, enums } = unionsOf(checked, metadata);
  const allEnums = new DeclaredOrderEnums(metadata.enums);
  for (const [type, values] of enums) allEnums.set(`public.${type}`, values);
  const tables: TableMetadataOptions[] = metadata.tables.map((table) => ({
    ...table,
    columns: table.columns.map((column): ColumnMetadataOptions => {
      const key = `${table.name}.${column.name}`;
      const union = named.get(key);
      if (union) return { ...column, dataType: union, dataTypeSchema: 'public', enumValues: null };
      const values = checked.get(key);
      return values ? { ...column, enumValues: values } : column;
    }),
  }));
  return new DatabaseMetadata({ enums: allEnums, tables });
}

/** The file's text as the migrations give it, formatted as the repository's prettier config says. */
export async function generateSchema(): Promise<string> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(handle.db);
    const unformatted = await generate({
      db: handle.db,
      dialect: new PostgresDialect(),
      outFile: null,
      postprocess: ({ db, metadata }) => withUnions(db, metadata),
      // A timestamptz is read as a Date, and the code writes Dates.
      typeMapping: { timestamptz: 'Date' },
      overrides: { columns: OVERRIDES },
      skipAutogeneratedFileComment: true,
      typeOnlyImports: true,
    });
    const options = await resolveConfig(OUT_FILE);
    return await format(HEADER + unformatted, { ...options, filepath: OUT_FILE });
  } finally {
    await handle.close();
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const check = argv.includes('--check');
  const unknown = argv.filter((arg) => arg !== '--check');
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown.join(' ')} (only --check)`);
  const generated = await generateSchema();
  const relative = path.relative(process.cwd(), OUT_FILE);
  if (!check) {
    await writeFile(OUT_FILE, generated);
    console.log(`db:schema: wrote ${relative}`);
    return;
  }
  const current = await readFile(OUT_FILE, 'utf8').catch(() => null);
  if (current === generated) {
    console.log(`db:schema: ${relative} is what the migrations give`);
    return;
  }
  console.error(
    current === null
      ? `db:schema: ${relative} is missing: run \`npm run db:schema\` and commit it.`
      : `db:schema: ${relative} is not what the migrations give (a migration without its types, or an edit by hand): ` +
          `run \`npm run db:schema\` and commit the result.\n${firstDifference(current, generated)}`,
  );
  process.exitCode = 1;
}

/** The first line that differs, so the message says where without a diff tool. */
function firstDifference(current: string, generated: string): string {
  const had = current.split('\n');
  const wants = generated.split('\n');
  const line = had.findIndex((text, i) => text !== wants[i]);
  const at = line === -1 ? had.length : line;
  return `  line ${at + 1}: the file has  ${JSON.stringify(had[at] ?? '')}\n  line ${at + 1}: migrations give ${JSON.stringify(wants[at] ?? '')}`;
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
