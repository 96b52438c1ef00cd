import { summariseFigures } from './figures';

describe('summariseFigures', () => {
  it('sums counts and keeps the extreme of gauges, one value per name, sorted', () => {
    expect(
      summariseFigures([
        { name: 'b.races', value: 2, combine: 'sum', description: 'races' },
        { name: 'a.worst', value: 3, combine: 'max', description: 'worst' },
        { name: 'b.races', value: 5, combine: 'sum', description: 'races' },
        { name: 'a.worst', value: 1, combine: 'max', description: 'worst' },
        { name: 'c.least', value: 4, combine: 'min', description: 'least' },
        { name: 'c.least', value: 9, combine: 'min', description: 'least' },
      ]),
    ).toEqual({
      'a.worst': { value: 3, description: 'worst' },
      'b.races': { value: 7, description: 'races' },
      'c.least': { value: 4, description: 'least' },
    });
  });

  it('refuses one name recorded with two ways of combining', () => {
    expect(() =>
      summariseFigures([
        { name: 'x', value: 1, combine: 'sum', description: 'x' },
        { name: 'x', value: 1, combine: 'max', description: 'x' },
      ]),
    ).toThrow('figure x is recorded both as sum and max');
  });
});
