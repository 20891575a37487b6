import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containsEmojiOrSymbol,
  findDuplicates,
  isDigitsOnly,
  isNonNegativeDecimal,
  isValidName,
  stripHashtags,
} from './checks';
import { columnLetter, columnNumber } from './columns';
import { digitsOf, toAsciiDigits, toLanguageDigits } from './digits';
import { interfaceLanguageOf, languageLocale } from './language-format';
import { htmlToText, readTimeMinutes, textLength, truncate, wordCount } from './length';
import { randomId, randomNumericId } from './random';
import { searchKey, searchText } from './search-key';
import { safeDecodeURIComponent } from './uri';

describe('isValidName', () => {
  it.each([
    ['Rahim Uddin', true],
    ['Rahim & Karim', true],
    ['Class 10 Batch', true],
    ['রহিম উদ্দিন', true],
    ['মোছাঃ ফাতেমা', true],
    ['মো. রহিম', false],
    ['শিক্ষার্থী', true],
    ['José Ñúñez', true],
    ['', false],
    [' Rahim', false],
    ['1Rahim', false],
    ['১রহিম', false],
    ['&Co', false],
    ['Md. Rahim', false],
    ['Rahim-Karim', false],
    ['Rahim 😀', false],
  ])('%j → %s', (name, expected) => {
    expect(isValidName(name)).toBe(expected);
  });
});

describe('isDigitsOnly', () => {
  it.each([
    ['0123', true],
    ['7', true],
    ['', false],
    [' 12', false],
    ['12a', false],
    ['1.5', false],
    ['১২', false],
    ['１２', false],
  ])('%j → %s', (text, expected) => {
    expect(isDigitsOnly(text)).toBe(expected);
  });
  it('accepts Bangla and full-width digits once mapped', () => {
    expect(isDigitsOnly(toAsciiDigits('১২৩'))).toBe(true);
    expect(isDigitsOnly(toAsciiDigits('１２３'))).toBe(true);
  });
});

describe('isNonNegativeDecimal', () => {
  it.each([
    ['0', true],
    ['12', true],
    ['12.50', true],
    ['.5', true],
    [' 3 ', true],
    ['', false],
    ['-1', false],
    ['1.', false],
    ['1.2.3', false],
    ['abc', false],
    ['1e3', false],
  ])('%j → %s', (text, expected) => {
    expect(isNonNegativeDecimal(text)).toBe(expected);
  });
});

describe('containsEmojiOrSymbol', () => {
  it.each([
    ['Hello 😀', true],
    ['👍🏽', true],
    ['🇧🇩', true],
    ['© 2025', true],
    ['★ star', true],
    ['Fee ৳500, due 5/6 (Mon) - ok? 100%', false],
    ['আমার সোনার বাংলা', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(containsEmojiOrSymbol(text)).toBe(expected);
  });
});

describe('findDuplicates', () => {
  it('reports each repeated value once, in order of repetition', () => {
    expect(findDuplicates(['a', 'b', 'a', 'c', 'b', 'a'])).toEqual(['a', 'b']);
    expect(findDuplicates([])).toEqual([]);
    expect(findDuplicates([1, 2, 3])).toEqual([]);
  });
  it('uses the key to decide sameness', () => {
    expect(findDuplicates(['ID-1', 'id-1', 'ID-2'], (s) => s.toLowerCase())).toEqual(['id-1']);
  });
});

describe('stripHashtags', () => {
  it.each([
    ['#Exam tomorrow', 'Exam tomorrow'],
    ['Room #5 and ＃6', 'Room 5 and 6'],
    ['no tags', 'no tags'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(stripHashtags(text)).toBe(expected);
  });
});

describe('digits', () => {
  it('maps Bangla and full-width digits', () => {
    expect(toAsciiDigits('০১২৩৪৫৬৭৮৯ ０１２３４５６７８９ 0123')).toBe('0123456789 0123456789 0123');
    expect(digitsOf('+৮৮০ 17-12')).toBe('8801712');
  });

  it('maps Arabic-Indic digits, both forms', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });

  it('writes a language its own digits: Bangla always, Arabic-Indic when asked', () => {
    expect(toLanguageDigits('12-05-2026', 'bn')).toBe('১২-০৫-২০২৬');
    expect(toLanguageDigits('12-05-2026', 'ar')).toBe('12-05-2026');
    expect(toLanguageDigits('12-05-2026', 'ar', { arabicIndic: true })).toBe('١٢-٠٥-٢٠٢٦');
    expect(toLanguageDigits('12-05-2026', 'zh')).toBe('12-05-2026');
    expect(toAsciiDigits(toLanguageDigits('987', 'ar', { arabicIndic: true }))).toBe('987');
  });
});

describe('searchKey', () => {
  it('makes the ways of typing the same Bangla letters equal', () => {
    // য় as one code point and as য + nukta; ো as one and as ে + া; a conjunct with a joiner.
    expect(searchKey('\u09DF')).toBe(searchKey('\u09AF\u09BC'));
    expect(searchKey('\u0995\u09CB')).toBe(searchKey('\u0995\u09C7\u09BE'));
    expect(searchKey('\u09B0\u200D\u09CD\u09AF')).toBe(searchKey('\u09B0\u09CD\u09AF'));
  });

  it('folds case beyond A-Z, maps digits and collapses spaces', () => {
    expect(searchKey('  ÉMILE   Rahim ১২ ')).toBe('émile rahim 12');
  });

  it('keeps a search inside one field', () => {
    const text = searchText(['Rahim Uddin', 'ID-7', null]);
    expect(text).toBe('rahim uddin\nid-7\n');
    expect(text.includes(searchKey('uddin id'))).toBe(false);
  });

  it('is its own key: a stored key searched again finds itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => searchKey(searchKey(text)) === searchKey(text)),
    );
  });
});

describe('textLength', () => {
  it.each([
    ['', 0],
    ['Hello', 5],
    ['আমি', 6],
    ['Hi আমি', 9],
    ['😀', 1],
    ['  ', 2],
    ['上课', 4],
    ['مرحبا', 10],
    ['，', 2],
    ['Très bien, señor', 16],
  ])('%j → %d', (text, expected) => {
    expect(textLength(text)).toBe(expected);
  });
});

describe('truncate', () => {
  it.each([
    ['Hello world', 20, 'Hello world'],
    ['Hello world', 11, 'Hello world'],
    ['Hello world', 10, 'Hello wor…'],
    ['Hello world', 7, 'Hello…'],
    ['😀😀😀😀', 3, '😀😀…'],
    ['বাংলাদেশ', 4, 'বাং…'],
    ['', 3, ''],
    ['abc', 0, '…'],
  ])('%j at %d → %j', (text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });
  it('accepts a custom ellipsis', () => {
    expect(truncate('Hello world', 8, '...')).toBe('Hello...');
  });
});

describe('wordCount and readTimeMinutes', () => {
  it('counts words separated by any whitespace', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('   ')).toBe(0);
    expect(wordCount(' one  two\nthree\t')).toBe(3);
    expect(wordCount('আমার সোনার বাংলা')).toBe(3);
  });
  it('divides words by the rate, rounding up, ignoring HTML', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(readTimeMinutes('')).toBe(0);
    expect(readTimeMinutes('one')).toBe(1);
    expect(readTimeMinutes(words(100))).toBe(1);
    expect(readTimeMinutes(words(101))).toBe(2);
    expect(readTimeMinutes(words(101), 200)).toBe(1);
    expect(readTimeMinutes(`<p>${words(150)}</p><br/>`)).toBe(2);
    expect(readTimeMinutes(words(10), 0)).toBe(1);
  });
  it('turns HTML into words', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>world</b></p>')).toBe('Hello world');
  });
});

describe('randomId and randomNumericId', () => {
  it('produces the requested length from the right alphabet', () => {
    expect(randomId(32)).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(randomId()).toHaveLength(20);
    expect(randomNumericId(6)).toMatch(/^[1-9]\d{5}$/);
    expect(randomNumericId(1)).toMatch(/^[1-9]$/);
    expect(randomId(0)).toBe('');
    expect(randomNumericId(-3)).toBe('');
  });
  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId(16)));
    expect(ids.size).toBe(200);
  });
  it('uses every character of the alphabet', () => {
    const seen = new Set(randomId(5000));
    expect(seen.size).toBe(62);
  });
});

describe('columnLetter and columnNumber', () => {
  it.each([
    [1, 'A'],
    [26, 'Z'],
    [27, 'AA'],
    [52, 'AZ'],
    [53, 'BA'],
    [702, 'ZZ'],
    [703, 'AAA'],
    [16384, 'XFD'],
  ])('%d ↔ %s', (n, letters) => {
    expect(columnLetter(n)).toBe(letters);
    expect(columnNumber(letters)).toBe(n);
  });
  it('is forgiving about case and spaces, strict about garbage', () => {
    expect(columnNumber(' aa ')).toBe(27);
    expect(columnNumber('')).toBe(0);
    expect(columnNumber('A1')).toBe(0);
    expect(columnLetter(0)).toBe('');
    expect(columnLetter(-1)).toBe('');
    expect(columnLetter(1.5)).toBe('');
  });
  it('round-trips: columnNumber(columnLetter(n)) === n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (n) => columnNumber(columnLetter(n)) === n),
    );
  });
});

describe('safeDecodeURIComponent', () => {
  it.each([
    ['hello%20world', 'hello world'],
    ['%E0%A6%AC%E0%A6%BE%E0%A6%82%E0%A6%B2%E0%A6%BE', 'বাংলা'],
    ['100%', '100%'],
    ['%E0%A6 and %20', '%E0%A6 and  '],
    ['%zz', '%zz'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(safeDecodeURIComponent(text)).toBe(expected);
  });
  it('never throws', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        safeDecodeURIComponent(s);
      }),
    );
  });
});

describe('language formats', () => {
  it('picks the Intl locale of each language, Arabic digits on request', () => {
    expect(languageLocale('bn')).toBe('bn-BD');
    expect(new Intl.NumberFormat(languageLocale('ar')).format(1234)).toBe('1,234');
    expect(new Intl.NumberFormat(languageLocale('ar', { arabicIndic: true })).format(12)).toBe('١٢');
  });

  it('reads a language tag as an interface language', () => {
    expect([interfaceLanguageOf('ar-EG'), interfaceLanguageOf(' ZH '), interfaceLanguageOf('fr_CA')]).toEqual(
      ['ar', 'zh', 'fr'],
    );
    expect([interfaceLanguageOf('de'), interfaceLanguageOf(''), interfaceLanguageOf(undefined)]).toEqual([
      null,
      null,
      null,
    ]);
  });
});
