import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(__dirname, 'styles.css'), 'utf8');

function tokens(selector: string): string[] {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return [...block.matchAll(/(--[\w-]+):/g)].map((m) => m[1] ?? '');
}

describe('styles.css', () => {
  test('stays small: it is on the critical path', () => {
    expect(Buffer.byteLength(css)).toBeLessThan(9 * 1024);
  });

  test("the device's dark preference gets exactly the dark theme's tokens", () => {
    const block = (start: number) => css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start)).trim();
    const declarations = (text: string) =>
      text
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean);
    const byPreference = css.indexOf(':root {', css.indexOf('@media (prefers-color-scheme: dark)'));
    expect(byPreference).toBeGreaterThan(0);
    expect(declarations(block(byPreference))).toEqual(declarations(block(css.indexOf("[data-theme='dark'] {"))));
  });

  test('the dark theme sets every colour token the light theme sets', () => {
    const light = tokens(':root').filter((t) => t.startsWith('--c-'));
    expect(light.length).toBeGreaterThan(10);
    expect(tokens("[data-theme='dark']").sort()).toEqual(light.sort());
  });

  test.each([
    'btn--primary',
    'btn--secondary',
    'btn--danger',
    'btn--link',
    'spinner',
    'loading',
    'alert--info',
    'alert--success',
    'alert--warning',
    'alert--error',
    'alert__title',
    'test-mode',
    'notifications',
    'notice--default',
    'notice--success',
    'notice--warn',
    'notice--error',
    'notice__dismiss',
    'tooltip__trigger',
    'tooltip__bubble--top',
    'tooltip__bubble--right',
    'tooltip__bubble--bottom',
    'tooltip__bubble--left',
    'modal-backdrop',
    'modal--wide',
    'modal__header',
    'modal__dismiss',
    'modal__body',
    'modal__footer',
    'summary__line',
    'summary__line--total',
    'summary__line--discount',
    'summary__qty',
    'summary__detail',
  ])('styles .%s', (name) => {
    expect(css).toContain(`.${name}`);
  });
});
