/** @jest-environment node */
import { checkedValues } from './check-constraint-values';

// Definitions as pg_get_constraintdef prints them (PostgreSQL and PGlite print the same).
describe('checkedValues', () => {
  test.each([
    [
      'an IN list',
      "CHECK ((status = ANY (ARRAY['basket'::text, 'reserved'::text, 'paid'::text])))",
      { column: 'status', values: ['basket', 'reserved', 'paid'] },
    ],
    [
      'values with dots',
      "CHECK ((type = ANY (ARRAY['order.paid'::text, 'sale.expired'::text])))",
      { column: 'type', values: ['order.paid', 'sale.expired'] },
    ],
    [
      'an IN list of one, printed as equality',
      "CHECK ((reason = 'transferred'::text))",
      { column: 'reason', values: ['transferred'] },
    ],
    [
      'a varchar column, cast both sides',
      "CHECK (((kind)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[])))",
      { column: 'kind', values: ['a', 'b'] },
    ],
    [
      'a quoted column name',
      `CHECK (("position" = ANY (ARRAY['top'::text, 'bottom'::text])))`,
      { column: 'position', values: ['top', 'bottom'] },
    ],
    [
      'quotes, commas and brackets inside values',
      "CHECK ((label = ANY (ARRAY['it''s'::text, 'a, b'::text, 'x]'::text])))",
      { column: 'label', values: ["it's", 'a, b', 'x]'] },
    ],
    [
      'a constraint added NOT VALID',
      "CHECK ((channel = ANY (ARRAY['email'::text, 'sms'::text]))) NOT VALID",
      { column: 'channel', values: ['email', 'sms'] },
    ],
  ])('%s', (_name, definition, expected) => {
    expect(checkedValues(definition)).toEqual(expected);
  });

  test.each([
    ['a range', 'CHECK ((amount_minor >= 0))'],
    ['a rule across columns', "CHECK (((status <> 'reserved'::text) OR (hold_expires_at IS NOT NULL)))"],
    ['two conditions, each on a value', "CHECK (((kind = 'refund'::text) OR (status = 'done'::text)))"],
    ['an equality of conditions', "CHECK (((status = 'completed'::text) = (completed_at IS NOT NULL)))"],
    ['a pattern', "CHECK ((card_last4 ~ '^[0-9]{4}$'::text))"],
    ['a function of the column', 'CHECK ((cardinality(events) > 0))'],
    ['an equality with another column', 'CHECK ((min_per_customer = max_per_customer))'],
    ['NOT IN', "CHECK ((status <> ALL (ARRAY['a'::text, 'b'::text])))"],
    ['a list of numbers', 'CHECK ((months = ANY (ARRAY[2, 3, 6])))'],
    ['not a CHECK', 'UNIQUE (sale_id, position)'],
  ])('%s gives no union', (_name, definition) => {
    expect(checkedValues(definition)).toBeNull();
  });
});
