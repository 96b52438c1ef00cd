import { loadSquareScript } from './sdk';

afterEach(() => {
  document.head.innerHTML = '';
  delete window.Square;
});

const square = {
  payments: () => ({
    card: async () => ({ attach: async () => undefined, tokenize: async () => ({ status: 'OK', token: 't' }) }),
  }),
};

test("with the real adapter, Square's own Web Payments SDK is loaded from the URL the server names, once", async () => {
  const url = 'https://sandbox.web.squarecdn.com/v1/square.js';
  const first = loadSquareScript({ apiBase: '' }, url);
  const again = loadSquareScript({ apiBase: '' }, url);
  const scripts = [...document.head.querySelectorAll('script')];
  expect(scripts.map((script) => script.src)).toEqual([url]);
  window.Square = square;
  scripts[0]?.dispatchEvent(new Event('load'));
  expect(await first).toBe(square);
  expect(await again).toBe(square);
});

test("the sandbox's script is a path on the api's origin", () => {
  void loadSquareScript({ apiBase: 'https://tickets.example' }, '/ajax/checkout/checkout/javascript-square/').catch(
    () => undefined,
  );
  expect(document.head.querySelector('script')?.src).toBe(
    'https://tickets.example/ajax/checkout/checkout/javascript-square/',
  );
});
