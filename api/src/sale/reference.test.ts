import { newSaleReference } from './reference';

test('a sale reference is CT- and 16 base32 characters (80 random bits), and references do not repeat', () => {
  const references = Array.from({ length: 2000 }, newSaleReference);
  for (const reference of references) expect(reference).toMatch(/^CT-[A-HJ-NP-Z2-9]{16}$/);
  expect(new Set(references).size).toBe(references.length);
  // Every symbol of the alphabet turns up: the bits are spread, not stuck.
  expect(new Set(references.join('').replace(/CT-/g, '')).size).toBe(32);
});
