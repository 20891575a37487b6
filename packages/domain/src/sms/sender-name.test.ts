import { describe, expect, it } from 'vitest';
import { normaliseSenderName, senderNameProblem } from './sender-name';

describe('SMS masking names', () => {
  it.each([
    ['ABC School', null],
    ['  Udvash  Coaching ', 'SENDER_NAME_LENGTH'],
    ['Udvash', null],
    ['R.K-Acad 2', null],
    ['AB', 'SENDER_NAME_LENGTH'],
    ['ABCDEFGHIJKL', 'SENDER_NAME_LENGTH'],
    ['8809617600', 'SENDER_NAME_CHARACTERS'],
    ['উদ্ভাস', 'SENDER_NAME_CHARACTERS'],
    ['Shop@Home', 'SENDER_NAME_CHARACTERS'],
    ['Gov. Info', 'SENDER_NAME_RESERVED'],
    ['GOVT', 'SENDER_NAME_RESERVED'],
    ['BTRC Alert', 'SENDER_NAME_RESERVED'],
    ['Robi', 'SENDER_NAME_RESERVED'],
  ] as const)('%j → %s', (name, problem) => {
    expect(senderNameProblem(name)).toBe(problem);
  });

  it('keeps the name as typed, trimmed with single spaces', () => {
    expect(normaliseSenderName('  ABC   School ')).toBe('ABC School');
  });
});
