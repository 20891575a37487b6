import { describe, expect, it } from 'vitest';
import { formatBytesIn } from './format-bytes';

describe('formatBytesIn', () => {
  it("writes the size in the reader's digits and units", () => {
    expect(formatBytesIn('en', 1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytesIn('bn-BD', 1.5 * 1024 * 1024)).toBe('১.৫ MB');
    expect(formatBytesIn('bn-BD', 350 * 1024 * 1024)).toBe('৩৫০ MB');
    expect(formatBytesIn('fr', 2 * 1024 ** 3)).toBe('2\u202fGo'); // French puts a narrow no-break space before units
  });
});
