import { decideQuantity, typedQuantity } from './quantity';

const limits = (max_can_reserve: number, min_per_customer: number) => ({ max_can_reserve, min_per_customer });

describe('decideQuantity', () => {
  test.each([
    // requested, limits, qty, send, warning, belowMinimum
    [3, limits(10, 1), 3, true, null, false],
    [10, limits(10, 1), 10, true, null, false],
    [11, limits(10, 1), 10, true, 'You can only reserve 10 tickets of this type', false],
    [0, limits(10, 1), 1, true, null, false],
    [-4, limits(10, 1), 1, true, null, false],
    [Number.NaN, limits(10, 1), 1, true, null, false],
    [2.7, limits(10, 1), 2, true, null, false],
    [1, limits(10, 2), 1, false, 'You must purchase a minimum of 2 tickets of this type', true],
    [2, limits(10, 2), 2, true, null, false],
    [3, limits(10, 4), 3, false, 'You must purchase a minimum of 4 tickets of this type', true],
    // The clamp wins over the minimum: the most the buyer may have is what they get.
    [20, limits(3, 4), 3, true, 'You can only reserve 3 tickets of this type', false],
    // max_can_reserve 0 means no limit was sent.
    [50, limits(0, 1), 50, true, null, false],
    [7, null, 7, true, null, false],
  ])('%p with %p -> %p', (requested, lim, qty, send, warning, belowMinimum) => {
    expect(decideQuantity(requested, lim)).toEqual({ qty, send, warning, belowMinimum });
  });
});

describe('typedQuantity: what a quantity box holds', () => {
  test.each<[string, number | null]>([
    ['3', 3],
    [' 12 ', 12],
    ['05', 5],
    ['', null],
    ['0', null],
    ['-2', null],
    ['1.5', null],
    ['1e3', null],
    ['abc', null],
  ])('%p -> %p', (text, quantity) => {
    expect(typedQuantity(text)).toBe(quantity);
  });
});
