import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';
import { paisaToTakaText, takaTextToPaisa } from './money-input';

describe('taka and paisa', () => {
  it.each([
    ['1500', 150_000],
    ['১৫০০', 150_000],
    ['1,500.5', 150_050],
    ['0', 0],
    ['', null],
    ['-3', null],
    ['abc', null],
  ])('%s taka → %s paisa', (text, paisa) => {
    expect(takaTextToPaisa(text)).toBe(paisa);
  });

  it('shows paisa as taka text', () => {
    expect(paisaToTakaText(150_000)).toBe('1500');
    expect(paisaToTakaText(12_345)).toBe('123.45');
    expect(paisaToTakaText(null)).toBe('');
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name (Bangla file names)', () => {
    const header = `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('শিক্ষার্থী.pdf')}`;
    expect(fileNameOf(header, 'x')).toBe('শিক্ষার্থী.pdf');
  });

  it('falls back to the plain name, then to the given one', () => {
    expect(fileNameOf('attachment; filename="students.xlsx"', 'x')).toBe('students.xlsx');
    expect(fileNameOf(null, 'export.pdf')).toBe('export.pdf');
  });
});
