import { formatCount, plural } from './count';

describe('formatCount', () => {
  test.each([
    [0, '0'],
    [7, '7'],
    [1234, '1,234'],
    [1234567, '1,234,567'],
    [2.6, '3'],
    [-0.4, '0'],
    [-1500, '-1,500'],
    [Number.NaN, ''],
  ])('%p is %p', (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });
});

describe('plural', () => {
  test.each([
    ['ticket', 0, 'tickets'],
    ['ticket', 1, 'ticket'],
    ['ticket', 2, 'tickets'],
    ['message', -1, 'messages'],
    ['minute', 1.5, 'minutes'],
  ])('%p x %p is %p', (word, count, expected) => {
    expect(plural(word, count)).toBe(expected);
  });
});
