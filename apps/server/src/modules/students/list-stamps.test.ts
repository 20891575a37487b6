import { describe, expect, it } from 'vitest';
import { rowsChangedSince } from './list-stamps';

describe('rowsChangedSince', () => {
  const record = '12:c\n11:b\n11:a\n9:c\n';

  it('names the students changed after the version, up to a line at or before it', () => {
    expect(rowsChangedSince(record, 11)).toEqual(new Set(['c']));
    expect(rowsChangedSince(record, 10)).toEqual(new Set(['c', 'b', 'a']));
    expect(rowsChangedSince(record, 9)).toEqual(new Set(['c', 'b', 'a']));
    expect(rowsChangedSince(record, 12)).toEqual(new Set());
  });

  it('cannot tell when the record does not reach back to the version', () => {
    expect(rowsChangedSince(record, 8)).toBeNull();
    expect(rowsChangedSince('', 3)).toBeNull();
  });

  it('never trusts a line the length limit cut short', () => {
    // "9:c" cut to "9": that line might have named another student, so 8 cannot be answered.
    expect(rowsChangedSince('12:c\n11:b\n9', 8)).toBeNull();
    // A cut line is never read as a student: 11 is answered by the whole line before it.
    expect(rowsChangedSince('12:c\n11:b\n10:abc', 11)).toEqual(new Set(['c']));
    expect(rowsChangedSince('12:c\n11:b\n10:abc', 10)).toBeNull();
  });
});
