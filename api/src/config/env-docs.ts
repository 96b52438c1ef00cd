import { ENV_GROUPS, ENV_VARIABLES, type EnvName, type EnvVariable } from './env-schema';

/**
 * The documentation of the environment, written from the schema so that it cannot drift from what the api reads: the
 * tables in api/README.md (between the env-table markers) and api/.env.example.
 */
export const TABLE_START = '<!-- env-table:start -->';
export const TABLE_END = '<!-- env-table:end -->';

const entries = (Object.entries(ENV_VARIABLES) as [EnvName, EnvVariable][]).map(([name, variable]) => ({
  name,
  ...variable,
}));

/** The default a variable takes when unset, as text; undefined when it has none of its own. */
function parsedDefault(variable: EnvVariable): string | undefined {
  const value: unknown = variable.schema.parse(undefined);
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return undefined;
}

function shownDefault(variable: EnvVariable): string {
  if (variable.shownDefault !== undefined) return variable.shownDefault;
  const value = parsedDefault(variable);
  return value === undefined ? '–' : `\`${value}\``;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The README's tables: one per group, each row a variable with its default and meaning. */
export function envTable(): string {
  const parts = ENV_GROUPS.map((group) => {
    const rows = entries
      .filter((entry) => entry.group === group)
      .map((entry) => {
        const name = entry.secret ? `\`${entry.name}\` (secret, or \`${entry.name}_FILE\`)` : `\`${entry.name}\``;
        return `| ${name} | ${cell(shownDefault(entry))} | ${cell(entry.description)} |`;
      });
    return [`**${group}**`, '', '| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
  });
  return parts.join('\n\n');
}

/** `text` with what lies between the markers replaced by the tables; throws when the markers are missing. */
export function withEnvTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start)
    throw new Error(`api/README.md must hold the markers ${TABLE_START} and ${TABLE_END}, in that order`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${envTable()}\n${readme.slice(end)}`;
}

/** Wraps text as comment lines of at most 118 characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.replace(/`/g, '').split(/\s+/)) {
    if (line.length + word.length + 1 > 118 && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** api/.env.example: every variable, commented out at its default, with its meaning. */
export function envExample(): string {
  const lines = [
    '# Every environment variable the api reads, at its default. Generated from api/src/config/env-schema.ts by',
    '# `npm run env:docs`: edit the schema, not this file. Uncomment a line to change it.',
  ];
  for (const group of ENV_GROUPS) {
    lines.push('', `# ---- ${group} ----`);
    for (const entry of entries.filter((candidate) => candidate.group === group)) {
      lines.push('', ...comment(entry.description));
      if (entry.shownDefault !== undefined) lines.push(...comment(`Default: ${entry.shownDefault}.`));
      if (entry.secret) lines.push(`# Secret: may be given as ${entry.name}_FILE, the path of a file holding it.`);
      lines.push(`# ${entry.name}=${entry.shownDefault === undefined ? (parsedDefault(entry) ?? '') : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export interface DocFile {
  /** Shown in messages, relative to the repository. */
  name: string;
  /** The file's current text ('' when missing). */
  current: string;
  /** What the schema makes of it. */
  expected: string;
}

/** The documentation files as they should be, given their current text. */
export function envDocFiles(readme: string, example: string): DocFile[] {
  return [
    { name: 'api/README.md', current: readme, expected: withEnvTable(readme) },
    { name: 'api/.env.example', current: example, expected: envExample() },
  ];
}

/** The message --check fails with, or null when every file is what the schema makes. */
export function staleMessage(files: readonly DocFile[]): string | null {
  const stale = files.filter((file) => file.current !== file.expected).map((file) => file.name);
  if (stale.length === 0) return null;
  return `${stale.join(' and ')} ${stale.length === 1 ? 'is' : 'are'} not what api/src/config/env-schema.ts says: run \`npm run env:docs\` and commit the result`;
}
