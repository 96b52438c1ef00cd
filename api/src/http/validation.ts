import type { core } from 'zod/mini';
import { HttpError } from './errors';

/**
 * Turns zod issues into the 400 body the page reads: `error` names the first field at fault in a sentence, `errors`
 * maps each field to its sentence. zod/mini ships no English messages ('Invalid input'), so the sentences are built
 * from each issue's code here; refinements keep their own message (the contract's words).
 */

type Issue = core.$ZodIssue;
type Path = readonly PropertyKey[];

function fieldName(path: Path): string {
  return path.map(String).join('.');
}

function valueAt(input: unknown, path: Path): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  object: 'a group of fields',
  array: 'a list',
  date: 'a date',
};

/** zod/mini's message when a check was given none of its own. */
const NO_SENTENCE = 'Invalid input';

/** The contract's own sentence for a field's check (given as `{ error }`, e.g. the phone field's), when it has one. */
function ownSentence(issue: Issue): string | undefined {
  return (issue.code === 'invalid_format' || issue.code === 'too_big') && issue.message && issue.message !== NO_SENTENCE
    ? issue.message
    : undefined;
}

function describe(issue: Issue, input: unknown, path: Path): string {
  const name = `'${fieldName(path)}'`;
  const own = ownSentence(issue);
  if (own) return own;
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, path) === undefined) return `${name} is required`;
      return `${name} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string')
        return issue.minimum === 1 ? `${name} must not be empty` : `${name} must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${name} must have at least ${min} items`;
      return `${name} must be at least ${min}`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `${name} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${name} must have at most ${max} items`;
      return `${name} must be at most ${max}`;
    }
    case 'invalid_format': {
      if (issue.format === 'email') return `${name} must be an email address`;
      // The contract's numeric text patterns (form-fields.ts): say what a number should look like.
      const pattern = 'pattern' in issue && typeof issue.pattern === 'string' ? issue.pattern : '';
      if (pattern.includes('\\d') && pattern.includes('\\.')) return `${name} must be an amount such as 10.50`;
      if (pattern.includes('\\d')) return `${name} must be a whole number`;
      return `${name} is not in the expected format`;
    }
    case 'invalid_value':
      return `${name} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return `${name} must be a multiple of ${String(issue.divisor)}`;
    case 'custom':
      return path.length === 0 ? issue.message : `${name}: ${issue.message}`;
    default:
      return path.length === 0 ? 'The request is not valid' : `${name} is not valid`;
  }
}

/**
 * A union failed in every branch: report the branch the input came closest to (one whose type matched, with the
 * fewest problems), as if that branch had been the only schema.
 */
function closestBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] {
  const scored = branches.map((issues) => ({
    issues,
    typeMismatch: issues.some((issue) => issue.code === 'invalid_type' && issue.path.length === 0) ? 1 : 0,
  }));
  scored.sort((a, b) => a.typeMismatch - b.typeMismatch || a.issues.length - b.issues.length);
  return scored[0]?.issues ?? [];
}

interface Problem {
  path: Path;
  text: string;
}

function flatten(issues: readonly Issue[], prefix: Path, input: unknown): Problem[] {
  const out: Problem[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const branch = closestBranch(issue.errors);
      // A value that fits no branch of a leaf union (e.g. 'abc' for a number or 'maybe' for a boolean) is one
      // problem with the field, whatever each branch thought of it.
      const leaf = issue.errors.every((inner) => inner.every((problem) => problem.path.length === 0));
      if (leaf && path.length > 0) {
        const name = `'${fieldName(path)}'`;
        const own = branch.map(ownSentence).find((text) => text !== undefined);
        out.push({
          path,
          text: valueAt(input, path) === undefined ? `${name} is required` : (own ?? `${name} has an invalid value`),
        });
        continue;
      }
      out.push(...flatten(branch, path, input));
    } else {
      out.push({ path, text: describe(issue, input, path) });
    }
  }
  return out;
}

export function validationError(issues: readonly Issue[], input: unknown): HttpError {
  const problems = flatten(issues, [], input);
  const errors: Record<string, string> = {};
  for (const { path, text } of problems) errors[path.length === 0 ? '_' : fieldName(path)] ??= text;
  return new HttpError(400, problems[0]?.text ?? 'The request is not valid', errors);
}
