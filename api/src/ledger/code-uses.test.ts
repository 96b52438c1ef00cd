import { codeUseProblems, type CodeCount, type DiscountedSale } from './code-uses';

const sale = (saleId: number, ...codes: string[]): DiscountedSale => ({ saleId, reference: `R${saleId}`, codes });
const oneUse: CodeCount = { code: 'ONCE', uses: 1, maxUses: 1 };

test.each<[string, CodeCount[], DiscountedSale[], { saleId: number; problem: string }[]]>([
  ['a one-use code on one settled sale', [oneUse], [sale(1, 'ONCE')], []],
  [
    'a one-use code on two settled sales: the second is past its limit and its count',
    [oneUse],
    [sale(1, 'ONCE'), sale(2, 'once')],
    [
      { saleId: 2, problem: 'discount code ONCE used by 2 settled sales, max_uses 1' },
      { saleId: 2, problem: 'discount code ONCE used by 2 settled sales, uses 1' },
    ],
  ],
  [
    'a discount no use was counted for (an unlimited code)',
    [{ code: 'SAVE', uses: 1, maxUses: null }],
    [sale(1, 'SAVE'), sale(2, 'SAVE')],
    [{ saleId: 2, problem: 'discount code SAVE used by 2 settled sales, uses 1' }],
  ],
  [
    'uses imported from before, or counted for a basket the code took nothing off, are more than the sales',
    [{ code: 'SAVE', uses: 5, maxUses: 6 }],
    [sale(1, 'SAVE'), sale(2, 'SAVE')],
    [],
  ],
  ['a code no longer in the catalogue is not counted', [], [sale(1, 'GONE')], []],
  ['a sale listing a code twice counts one use', [oneUse], [sale(1, 'ONCE', 'ONCE')], []],
])('%s', (_name, codes, sales, expected) => {
  expect(codeUseProblems(codes, sales)).toEqual(
    expected.map((mismatch) => ({ ...mismatch, reference: `R${mismatch.saleId}` })),
  );
});
