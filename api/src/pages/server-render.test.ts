import { withRenderedRoot } from './server-render';

test("the rendered markup replaces #root's placeholder, marked for the shell to hydrate", () => {
  const page = '<body><div id="root"><p role="status" class="loading">Determining checkout progress</p></div></body>';
  expect(withRenderedRoot(page, '<main>Basket $& $1</main>')).toBe(
    '<body><div id="root" data-server-rendered><main>Basket $& $1</main></div></body>',
  );
});

test('a page without #root is left as it is', () => {
  expect(withRenderedRoot('<body></body>', '<main></main>')).toBe('<body></body>');
});
