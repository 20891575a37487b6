import { assessmentInputSchema } from '@batchwise/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { newPart, newSubject, partKeys, toInput } from './assessment-values';

describe('partKeys', () => {
  it('keeps existing keys and makes new ones from English names or p1, p2…', () => {
    expect(
      partKeys([
        { key: 'cq', name: 'CQ', fullMarks: 70, passMarks: 23 },
        { name: 'CQ', fullMarks: 30, passMarks: 10 },
        { name: 'MCQ', fullMarks: 30, passMarks: 10 },
        { name: 'ব্যবহারিক', fullMarks: 25, passMarks: 8 },
        { name: '', fullMarks: 25, passMarks: 8 },
      ]),
    ).toEqual(['cq', 'p1', 'mcq', 'p2', 'p3']);
  });

  it('makes keys the contract accepts', () => {
    const [key] = partKeys([
      { name: '  Practical exam (lab) — 2nd paper long name', fullMarks: 1, passMarks: 0 },
    ]);
    expect(key).toMatch(/^[a-z0-9][a-z0-9-]{0,19}$/);
  });
});

describe('toInput', () => {
  it('builds an input the contract accepts', () => {
    const input = toInput({
      name: 'Class test 1',
      term: 'Half-yearly 2026',
      heldOn: dayjs('2026-03-12'),
      weight: 20,
      subjects: [
        { ...newSubject(), name: 'Bangla' },
        { name: 'Physics', kind: 'optional', parts: [newPart('CQ'), newPart('MCQ')] },
      ],
    });
    expect(input.heldOn).toBe('2026-03-12');
    expect(input.subjects[1]?.parts.map((p) => p.key)).toEqual(['cq', 'mcq']);
    expect(assessmentInputSchema.safeParse(input).success).toBe(true);
  });

  it('leaves empty numbers for the contract to refuse', () => {
    const input = toInput({
      name: 'Test',
      term: 'T',
      heldOn: null,
      weight: null,
      subjects: [
        { name: 'Bangla', kind: 'compulsory', parts: [{ name: '', fullMarks: null, passMarks: 10 }] },
      ],
    });
    expect(assessmentInputSchema.safeParse(input).success).toBe(false);
  });
});
