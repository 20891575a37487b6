import { describe, expect, it } from 'vitest';
import { studentDiscrepancies, type VerificationRecord } from './verification';

const ok = (id: string, extra: Partial<VerificationRecord> = {}): VerificationRecord => ({
  id,
  personKey: id,
  name: `Student ${id}`,
  phone: `+88017000000${id.padStart(2, '0')}`,
  ...extra,
});

describe('studentDiscrepancies', () => {
  it('leaves complete, distinct students alone', () => {
    expect(
      studentDiscrepancies([ok('1'), ok('2', { customId: 'ID-2', parent1Phone: '01812345678D' })]),
    ).toEqual(new Map());
  });

  it.each([
    ['missing-name', { name: '  ' }],
    ['invalid-phone', { phone: 'Unset' }],
    ['invalid-phone', { phone: '' }],
    ['invalid-phone', { phone: '+880171' }],
    ['invalid-parent-phone', { parent2Phone: '0171' }],
    ['phone-differs-from-sign-in', { signInPhone: '+8801999999999' }],
  ] as const)('flags %s', (reason, extra) => {
    expect(studentDiscrepancies([ok('1', extra)]).get('1')).toEqual([reason]);
  });

  it('flags one person with different phones in different records', () => {
    const result = studentDiscrepancies([
      ok('1', { personKey: 'p' }),
      ok('2', { personKey: 'p' }),
      ok('3', { personKey: 'q', phone: '+8801700000001' }),
    ]);
    expect(result.get('1')).toEqual(['same-person-different-phones', 'shared-phone']);
    expect(result.get('2')).toEqual(['same-person-different-phones']);
    expect(result.get('3')).toEqual(['shared-phone']);
  });

  it('accepts one person holding the same phone in several records, and family phones marked D', () => {
    expect(
      studentDiscrepancies([
        ok('1', { personKey: 'p', phone: '+8801712345678' }),
        ok('2', { personKey: 'p', phone: '01712345678' }),
        ok('3', { phone: '+8801712345678D' }),
      ]),
    ).toEqual(new Map());
  });

  it('flags two people with one student ID, ignoring case', () => {
    const result = studentDiscrepancies([ok('1', { customId: 'ID-7' }), ok('2', { customId: 'id-7' })]);
    expect([...result.keys()]).toEqual(['1', '2']);
    expect(result.get('1')).toEqual(['shared-custom-id']);
  });
});
