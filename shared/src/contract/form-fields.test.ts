import * as z from 'zod/mini';
import {
  formBool,
  formEmail,
  formId,
  formInt,
  formList,
  formMessage,
  formMoney,
  formName,
  formOptionalPhone,
  formQuantity,
  formOptionalText,
  formText,
} from './form-fields';

const accepts = (schema: z.ZodMiniType, input: unknown) => schema.safeParse(input);

describe('formInt', () => {
  test.each([
    ['3', 3],
    [' 42 ', 42],
    ['0', 0],
    ['-7', -7],
    [5, 5],
  ])('reads %p as %p', (input, expected) => {
    expect(formInt().parse(input)).toBe(expected);
  });

  test.each([
    'abc',
    '1.5',
    '',
    ' ',
    '1e3',
    '0x10',
    '12abc',
    '9999999999999999',
    1.5,
    NaN,
    Infinity,
    null,
    undefined,
    true,
    [],
  ])('rejects %p', (input) => {
    expect(accepts(formInt(), input).success).toBe(false);
  });

  test('enforces its bounds', () => {
    const schema = formInt({ min: 1, max: 12 });
    expect(schema.parse('1')).toBe(1);
    expect(schema.parse('12')).toBe(12);
    expect(accepts(schema, '0').success).toBe(false);
    expect(accepts(schema, '13').success).toBe(false);
  });
});

describe('formQuantity', () => {
  test.each([
    ['0', 0],
    ['1', 1],
    ['250', 250],
  ])('reads %p', (input, expected) => {
    expect(formQuantity.parse(input)).toBe(expected);
  });
  test.each(['-1', '1.5', 'abc', '', '1000001', -2])('rejects %p', (input) => {
    expect(accepts(formQuantity, input).success).toBe(false);
  });
});

describe('formMoney', () => {
  test.each([
    ['10', 10],
    ['10.5', 10.5],
    ['10.55', 10.55],
    ['0', 0],
    [12.34, 12.34],
    [0.1 + 0.2 - 0.3 + 1, 1],
  ])('reads %p as %p', (input, expected) => {
    expect(formMoney().parse(input)).toBeCloseTo(expected, 10);
  });

  test.each(['-1', '10.555', 'abc', '', '1,000', '£10', '.5', '10.', 10.555, -0.01, NaN, Infinity])(
    'rejects %p',
    (input) => {
      expect(accepts(formMoney(), input).success).toBe(false);
    },
  );

  test('enforces a minimum', () => {
    expect(accepts(formMoney({ min: 1 }), '0.99').success).toBe(false);
    expect(formMoney({ min: 1 }).parse('1')).toBe(1);
  });
});

describe('formBool', () => {
  test.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
  ])('reads %p as %p', (input, expected) => {
    expect(formBool.parse(input)).toBe(expected);
  });
  test.each(['yes', 'on', '', 'TRUE', 2, null, undefined])('rejects %p', (input) => {
    expect(accepts(formBool, input).success).toBe(false);
  });
});

describe('formId', () => {
  test.each([
    ['1', 1],
    ['123456', 123456],
    [9, 9],
  ])('reads %p', (input, expected) => {
    expect(formId.parse(input)).toBe(expected);
  });
  test.each(['0', '-3', 'abc', '', '1.0', '1.5', 0])('rejects %p', (input) => {
    expect(accepts(formId, input).success).toBe(false);
  });
});

describe('text fields', () => {
  test('trim and require content', () => {
    expect(formText(10).parse('  hi  ')).toBe('hi');
    expect(accepts(formText(10), '   ').success).toBe(false);
    expect(accepts(formText(10), '').success).toBe(false);
    expect(accepts(formText(10), 42).success).toBe(false);
  });

  test.each([
    ['a NUL', 'x@example.com\u0000.evil', false],
    ['a bell', 'ring\u0007', false],
    ['an escape', '\u001b[31mred', false],
    ['a DEL', 'del\u007f', false],
    ['line breaks and tabs', 'one\ntwo\r\nthree\tfour', true],
    ['accents and emoji', 'Zoë 🎟', true],
  ])('text with %s: accepted %s', (_label, value, ok) => {
    expect(accepts(formText(100), value).success).toBe(ok);
    expect(accepts(formOptionalText(100), value).success).toBe(ok);
  });

  test.each([
    ['name', formName, 200],
    ['message', formMessage, 2000],
  ] as const)('%s rejects text above %#', (_label, schema, max) => {
    expect(schema.parse('x'.repeat(max))).toHaveLength(max);
    expect(accepts(schema, 'x'.repeat(max + 1)).success).toBe(false);
  });

  test('email', () => {
    expect(formEmail.parse(' buyer@example.com ')).toBe('buyer@example.com');
    expect(accepts(formEmail, 'not-an-email').success).toBe(false);
    expect(accepts(formEmail, '').success).toBe(false);
    expect(accepts(formEmail, `${'a'.repeat(320)}@example.com`).success).toBe(false);
  });

  test.each([
    ['', true],
    ['07700 900123', true],
    ['+44 7700 900123', true],
    ['020-7946-0958', true],
    ['12345', false],
    ['call me', false],
  ])('optional phone %p -> %p', (input, ok) => {
    expect(accepts(formOptionalPhone, input).success).toBe(ok);
  });
});

describe('formList', () => {
  const rows = formList(z.object({ n: formId }), { max: 3 });

  test('reads arrays, index-keyed objects (qs above its arrayLimit) and a missing list', () => {
    expect(rows.parse([{ n: '1' }, { n: '2' }])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(rows.parse({ '10': { n: '2' }, '2': { n: '1' } })).toEqual([{ n: 1 }, { n: 2 }]);
    expect(rows.parse(undefined)).toEqual([]);
  });

  test('rejects bad rows, non-index keys and too many rows', () => {
    expect(accepts(rows, [{ n: 'x' }]).success).toBe(false);
    expect(accepts(rows, { a: { n: '1' } }).success).toBe(false);
    expect(accepts(rows, [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]).success).toBe(false);
    expect(accepts(rows, 'rows').success).toBe(false);
  });
});
