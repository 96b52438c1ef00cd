import { isCompleteCode, isValidEmail, isValidFullName, normaliseCode, splitFullName } from './account';

describe('isValidEmail (a standard address pattern)', () => {
  test.each([
    ['alex@example.com', true],
    ['  alex.morgan+tickets@mail.example.co.uk  ', true],
    ["o'brien@example.ie", true],
    ['', false],
    ['alex', false],
    ['alex@', false],
    ['@example.com', false],
    ['alex@example', false],
    ['alex@@example.com', false],
    ['alex morgan@example.com', false],
    ['alex@example.c', false],
    ['.alex@example.com', false],
    [`${'a'.repeat(320)}@example.com`, false],
  ])('%j -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

describe('isValidFullName (at least two space-separated parts)', () => {
  test.each([
    ['Alex Morgan', true],
    ['Mary Ann Smith', true],
    ['  Alex   Morgan  ', true],
    ['Alex', false],
    ['  Alex  ', false],
    ['', false],
    ['   ', false],
  ])('%j -> %s', (name, valid) => {
    expect(isValidFullName(name)).toBe(valid);
  });
});

describe('splitFullName', () => {
  test.each([
    ['Alex Morgan', 'Alex', 'Morgan'],
    ['Mary Ann  Smith', 'Mary', 'Ann Smith'],
    ['  Alex   Morgan ', 'Alex', 'Morgan'],
    ['Alex', 'Alex', ''],
    ['', '', ''],
  ])('%j -> %j + %j', (name, first, last) => {
    expect(splitFullName(name)).toEqual({ first_name: first, last_name: last });
  });
});

describe('one-time code (6 digits, non-digits stripped)', () => {
  test.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['12-34-56', '123456'],
    ['abc', ''],
    ['1234567', '123456'],
    [' 9a8b7c ', '987'],
  ])('normaliseCode(%j) -> %j', (typed, kept) => {
    expect(normaliseCode(typed)).toBe(kept);
  });

  test.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
  ])('isCompleteCode(%j) -> %s', (code, complete) => {
    expect(isCompleteCode(code)).toBe(complete);
  });
});
