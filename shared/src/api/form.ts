/**
 * Form-encodes a payload the way the server decodes it (qs bracket notation):
 * { a: { b: 1 }, rows: [{ n: 'x' }] } -> a[b]=1&rows[0][n]=x. Booleans travel as 'true'/'false'; null and undefined
 * are left out.
 */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

export function encodeForm(payload: Record<string, FormValue>): string {
  const parts: string[] = [];
  const add = (key: string, value: FormValue): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(payload)) add(key, value);
  return parts.join('&');
}
