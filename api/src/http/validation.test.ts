import { calls, formBool, formId, formMoney, formOptionalPhone, formPhone } from '@checkout/shared';
import { invalidPhone } from '@checkout/shared/messages/payment';
import * as z from 'zod/mini';
import { validationError } from './validation';

function errorFor(schema: z.ZodMiniType, input: unknown) {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected the input to fail');
  const error = validationError(parsed.error.issues, input);
  return { status: error.statusCode, ...error.body };
}

describe('validation messages name the field and say what is wrong', () => {
  test.each([
    ['a missing field', z.object({ ticket_id: formId }), {}, "'ticket_id' is required"],
    [
      'a word for a number',
      z.object({ ticket_id: formId }),
      { ticket_id: 'abc' },
      "'ticket_id' must be a whole number",
    ],
    ['too small', z.object({ quantity: formId }), { quantity: '0' }, "'quantity' must be at least 1"],
    [
      'too long',
      z.object({ code: z.string().check(z.maxLength(3)) }),
      { code: 'ABCDE' },
      "'code' must be at most 3 characters",
    ],
    ['an empty text', z.object({ code: z.string().check(z.minLength(1)) }), { code: '' }, "'code' must not be empty"],
    [
      'an amount with letters',
      z.object({ value: formMoney() }),
      { value: '1x' },
      "'value' must be an amount such as 10.50",
    ],
    ['three decimals', z.object({ value: formMoney() }), { value: 10.555 }, "'value': Use at most two decimals"],
    ['not a boolean', z.object({ flag: formBool }), { flag: 'maybe' }, "'flag' has an invalid value"],
    [
      'not in the list',
      z.object({ state: z.enum(['basket', 'reserve']) }),
      { state: 'x' },
      "'state' must be one of: basket, reserve",
    ],
    ['an object for text', z.object({ name: z.string() }), { name: { a: 1 } }, "'name' must be text"],
    [
      'a nested list row',
      z.object({ rows: z.array(z.object({ n: z.string() })) }),
      { rows: [{}] },
      "'rows.0.n' is required",
    ],
    ['a phone number of letters', z.object({ phone: formPhone }), { phone: '12ab' }, invalidPhone],
    ['a phone number of one letter', z.object({ phone: formPhone }), { phone: 'x' }, invalidPhone],
    ['an empty phone number', z.object({ phone: formPhone }), { phone: '' }, invalidPhone],
    ['a phone number too long', z.object({ phone: formPhone }), { phone: '0'.repeat(41) }, invalidPhone],
    ['an optional phone number of letters', z.object({ phone: formOptionalPhone }), { phone: 'x' }, invalidPhone],
    [
      'a bad email',
      z.object({ email: z.string().check(z.email()) }),
      { email: 'x' },
      "'email' must be an email address",
    ],
  ])('%s', (_name, schema, input, message) => {
    const error = errorFor(schema, input);
    expect(error.status).toBe(400);
    expect(error.error).toBe(message);
  });

  test('every field at fault is listed in errors', () => {
    const error = errorFor(calls.addToBasket.request, {});
    expect(error.errors).toEqual({ ticket_id: "'ticket_id' is required", quantity: "'quantity' is required" });
  });

  test('a union reports the branch the input came closest to', () => {
    const error = errorFor(calls.addToBasket.request, { gift_voucher_id: '1', qty: '1' });
    expect(error.error).toBe("'value' is required");
  });
});
