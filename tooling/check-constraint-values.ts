/** A CHECK constraint that only lists the values one column may take. */
export interface CheckedValues {
  column: string;
  values: string[];
}

/** A column as PostgreSQL prints it: `status`, `"position"` (a keyword), or either cast, `(kind)::text`. */
const COLUMN = String.raw`\(?(?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_$]*))\)?(?:::[a-z ]+)?`;
/** A string literal with its cast: `'it''s'::text`, `'a'::character varying`. */
const LITERAL = String.raw`'((?:[^']|'')*)'(?:::[a-z ]+)?`;

const ANY_OF = new RegExp(String.raw`^${COLUMN} = ANY \(\(?ARRAY\[(.*?)\]\)?(?:::[a-z ]+\[\])?\)$`);
const EQUALS = new RegExp(String.raw`^${COLUMN} = ${LITERAL}$`);
const LITERAL_IN_LIST = new RegExp(String.raw`^${LITERAL}(?:, |$)`);

/** Drops parentheses that wrap the whole expression: `((a = b))` → `a = b`, but `(a) OR (b)` stays. */
function unwrap(expression: string): string {
  let text = expression.trim();
  while (text.startsWith('(') && closingParenthesis(text, 0) === text.length - 1) text = text.slice(1, -1).trim();
  return text;
}

/** The index of the parenthesis closing the one at `open`, skipping string literals and quoted names; -1 if none. */
function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, i + 1);
      if (end === -1) return -1;
      i = end;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return -1;
}

function literalValues(list: string): string[] | null {
  const values: string[] = [];
  let rest = list;
  while (rest !== '') {
    const match = LITERAL_IN_LIST.exec(rest);
    if (!match) return null;
    values.push((match[1] ?? '').replaceAll("''", "'"));
    rest = rest.slice(match[0].length);
  }
  return values.length > 0 ? values : null;
}

function columnName(quoted: string | undefined, plain: string | undefined): string {
  return quoted === undefined ? (plain ?? '') : quoted.replaceAll('""', '"');
}

/**
 * The column and values of a CHECK constraint as `pg_get_constraintdef` prints it, when it is `column IN (…)`
 * (printed `column = ANY (ARRAY[…])`, or `column = '…'` for a list of one); null for any other condition (a range, a
 * rule across columns), which says nothing about the column's type.
 */
export function checkedValues(definition: string): CheckedValues | null {
  const body = /^CHECK \((.*)\)(?: NOT VALID)?$/s.exec(definition.trim());
  if (!body?.[1]) return null;
  const condition = unwrap(body[1]);
  const anyOf = ANY_OF.exec(condition);
  if (anyOf) {
    const values = literalValues(anyOf[3] ?? '');
    return values ? { column: columnName(anyOf[1], anyOf[2]), values } : null;
  }
  const equals = EQUALS.exec(condition);
  if (equals) return { column: columnName(equals[1], equals[2]), values: [(equals[3] ?? '').replaceAll("''", "'")] };
  return null;
}
