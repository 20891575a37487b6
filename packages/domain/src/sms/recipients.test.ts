import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPhones } from '../phone/normalize';
import { buildRecipients, type RecipientCandidate, recipientPhone, splitTypedPhones } from './recipients';

describe('splitTypedPhones', () => {
  it('returns the valid numbers normalised and the other pieces as typed', () => {
    expect(splitTypedPhones(' 01712345678, 1812345678;0171  ০১৯১২৩৪৫৬৭৮\nabc ,, 01712345678D')).toEqual({
      valid: ['+8801712345678', '+8801812345678', '+8801912345678', '+8801712345678'],
      invalid: ['0171', 'abc'],
    });
    expect(splitTypedPhones('')).toEqual({ valid: [], invalid: [] });
    expect(splitTypedPhones(' ,; ')).toEqual({ valid: [], invalid: [] });
  });

  it('keeps exactly what splitPhones keeps', () => {
    const piece = fc.oneof(
      fc.constantFrom('01712345678', '+8801812345678', '1912345678', '০১৭১২৩৪৫৬৭৮', '0171', 'x', 'D'),
      fc.string({ unit: fc.constantFrom(...'0123456789+-D ,;\n\u060C\u3001') }),
    );
    fc.assert(
      fc.property(fc.array(piece), fc.constantFrom(',', ' ', ';', '\t'), (pieces, separator) => {
        const text = pieces.join(separator);
        expect(splitTypedPhones(text).valid).toEqual(splitPhones(text));
      }),
    );
  });
});

describe('recipientPhone', () => {
  it.each([
    ['01712345678', '+8801712345678'],
    ['01712345678D', '+8801712345678'],
    ['+8801712345678d ', '+8801712345678'],
    ['0171', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (phone, expected) => {
    expect(recipientPhone(phone)).toBe(expected);
  });
});

describe('buildRecipients', () => {
  const candidates: RecipientCandidate[] = [
    { phone: '01712345678', name: 'Rahim', id: 'S-1', source: 'student', studentId: 's1' },
    { phone: '01812345678', name: 'Rahim’s father', source: 'parent1', studentId: 's1' },
    { phone: '01812345678D', name: 'Karim’s father', source: 'parent1', studentId: 's2' },
    { phone: '0171', name: 'Karim', id: 42, source: 'student', studentId: 's2' },
    { phone: null, name: 'Selina', id: 'S-3', source: 'student' },
  ];

  it('sends to each number once, first occurrence winning, and drops the duplicate mark', () => {
    const list = buildRecipients(candidates, '01712345678, 01912345678');
    expect(list.recipients).toEqual([
      { phone: '+8801712345678', name: 'Rahim', id: 'S-1', source: 'student', studentId: 's1' },
      { phone: '+8801812345678', name: 'Rahim’s father', source: 'parent1', studentId: 's1' },
      { phone: '+8801912345678', source: 'typed' },
    ]);
    expect(list.invalidTyped).toEqual([]);
  });

  it('lists candidates without a valid phone with the Invalid Phone warning', () => {
    const { invalid } = buildRecipients(candidates);
    expect(invalid.map(({ name, id, phone }) => ({ name, id, phone }))).toEqual([
      { name: 'Karim', id: 42, phone: '0171' },
      { name: 'Selina', id: 'S-3', phone: '' },
    ]);
    expect(invalid[0]?.warning).toEqual({
      code: 'SMS_INVALID_PHONE',
      message: 'Could not find a valid phone number for Karim - 42. Current Phone: 0171',
      params: { name: 'Karim', id: 42, phone: '0171' },
    });
  });

  it('falls back to the student id and empty names', () => {
    const { invalid } = buildRecipients([{ phone: '12', source: 'parent2', studentId: 's9' }]);
    expect(invalid[0]).toMatchObject({ name: '', id: 's9', phone: '12' });
  });

  it('reports bad typed pieces and ignores an empty box', () => {
    expect(buildRecipients([], '01712345678 0171 hello').invalidTyped).toEqual(['0171', 'hello']);
    expect(buildRecipients([])).toEqual({ recipients: [], invalid: [], invalidTyped: [] });
  });

  it('never lists a number twice', () => {
    const phone = fc.constantFrom(
      '01712345678',
      '01712345678D',
      '+8801712345678',
      '1812345678',
      '0171',
      null,
    );
    const source = fc.constantFrom('student', 'parent1', 'parent2', 'typed');
    fc.assert(
      fc.property(fc.array(fc.record({ phone, source })), fc.string(), (list, typed) => {
        const phones = buildRecipients(list, typed).recipients.map((r) => r.phone);
        expect(new Set(phones).size).toBe(phones.length);
      }),
    );
  });
});
