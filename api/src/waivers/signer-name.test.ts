import { waiverMessages } from './messages';
import { signerName } from './signer-name';

describe('signerName', () => {
  test.each<[string, unknown, { name: string; key: string } | string]>([
    ['a name as typed', 'Ana López', { name: 'Ana López', key: 'ana lópez' }],
    ['spaces collapsed and trimmed', '  Ben \t Okafor \n', { name: 'Ben Okafor', key: 'ben okafor' }],
    ['the same person in other capitals folds to the same key', 'ANA  LÓPEZ', { name: 'ANA LÓPEZ', key: 'ana lópez' }],
    ['decomposed accents are composed', 'Ana Lo\u0301pez', { name: 'Ana López', key: 'ana lópez' }],
    ['markup is kept as text (escaped where shown)', '<b>Bo</b>', { name: '<b>Bo</b>', key: '<b>bo</b>' }],
    ['exactly 100 characters', 'x'.repeat(100), { name: 'x'.repeat(100), key: 'x'.repeat(100) }],
    [
      '100 characters outside the basic plane count as 100',
      '😀'.repeat(100),
      { name: '😀'.repeat(100), key: '😀'.repeat(100) },
    ],
    ['empty', '', waiverMessages.nameRequired],
    ['only spaces', '   \n ', waiverMessages.nameRequired],
    ['not text', ['Ana'], waiverMessages.nameRequired],
    ['missing', undefined, waiverMessages.nameRequired],
    ['101 characters', 'x'.repeat(101), waiverMessages.nameTooLong],
    ['a control character', 'Ana\u0000López', waiverMessages.nameUnreadable],
    ['an escape character', 'Ana\u001b[31m', waiverMessages.nameUnreadable],
  ])('%s', (_label, raw, expected) => {
    const result = signerName(raw);
    if (typeof expected === 'string') expect(result).toEqual({ ok: false, error: expected });
    else expect(result).toEqual({ ok: true, ...expected });
  });
});
