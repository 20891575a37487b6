import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { dashboardPath, NOT_FOUND_PATH, professionError, professionHomePath } from './profession';
import { availableToolKeys, canUseTool, isToolAvailable, loadProgress, mergeInstalledTools } from './tools';
import { ACCOUNT_TYPES, capitalize, toAccountType, wording } from './wording';

describe('professionHomePath', () => {
  it.each([
    ['Teacher', 'teacher'],
    ['Admin', 'admin'],
    ['TeacherAssistant', 'teacherAssistant'],
    ['Student', 'student'],
    ['Parent', 'parent'],
    ['teacher', NOT_FOUND_PATH],
    ['Moderator', NOT_FOUND_PATH],
    ['', NOT_FOUND_PATH],
    [undefined, NOT_FOUND_PATH],
    [null, NOT_FOUND_PATH],
  ])('%j → %j', (profession, expected) => {
    expect(professionHomePath(profession)).toBe(expected);
  });

  it('builds the dashboard path', () => {
    expect(dashboardPath('TeacherAssistant')).toBe('/teacherAssistant/dashboard');
    expect(dashboardPath('Nobody')).toBe('/404');
  });

  it('refuses anything else with the exact message', () => {
    expect(professionError('Teacher')).toBeNull();
    expect(professionError('Principal')).toEqual({
      code: 'INVALID_PROFESSION',
      message: 'Invalid Account Proffession - Please relog back in and try again',
    });
    expect(professionError(undefined)?.message).toBe(MESSAGES.INVALID_PROFESSION);
  });
});

describe('isToolAvailable', () => {
  const now = 1_700_000_000_000;
  it.each([
    [{ key: 'zoom-meeting' }, true],
    [{ key: 'zoom-meeting', Expires: null }, true],
    [{ key: 'zoom-meeting', Expires: now + 1 }, true],
    [{ key: 'zoom-meeting', Expires: now }, true],
    [{ key: 'zoom-meeting', Expires: now - 1 }, false],
    [undefined, false],
    [null, false],
  ])('%j → %s', (tool, expected) => {
    expect(isToolAvailable(tool, now)).toBe(expected);
  });

  it('lists the usable keys', () => {
    expect(
      availableToolKeys([{ key: 'a', Expires: now - 1 }, { key: 'b', Expires: now + 1 }, { key: 'c' }], now),
    ).toEqual(['b', 'c']);
  });
});

describe('mergeInstalledTools', () => {
  it('keeps the later Expires for duplicated keys', () => {
    const merged = mergeInstalledTools(
      [
        { key: 'sms', Expires: 100 },
        { key: 'zoom', Expires: 500 },
      ],
      [
        { key: 'sms', Expires: 300 },
        { key: 'zoom', Expires: 200 },
        { key: 'face', Expires: 50 },
      ],
    );
    expect(merged).toEqual([
      { key: 'sms', Expires: 300 },
      { key: 'zoom', Expires: 500 },
      { key: 'face', Expires: 50 },
    ]);
  });
  it('treats a missing Expires as never expiring', () => {
    expect(mergeInstalledTools([{ key: 'x', Expires: 9e15 }], [{ key: 'x' }])).toEqual([{ key: 'x' }]);
    expect(mergeInstalledTools([{ key: 'x' }], [{ key: 'x', Expires: 9e15 }])).toEqual([{ key: 'x' }]);
  });
  it('accepts missing lists', () => {
    expect(mergeInstalledTools(undefined, null, [])).toEqual([]);
  });
});

describe('canUseTool', () => {
  const now = 1000;
  const own = [{ key: 'own', Expires: 2000 }];
  const admin = [{ key: 'admin-tool' }];
  it('gives a teacher assistant only their own tools', () => {
    expect(
      canUseTool('own', { profession: 'TeacherAssistant', ownTools: own, sharedTools: admin }, now),
    ).toBe(true);
    expect(
      canUseTool('admin-tool', { profession: 'TeacherAssistant', ownTools: own, sharedTools: admin }, now),
    ).toBe(false);
  });
  it("reads an admin's tools from the admin account", () => {
    expect(canUseTool('admin-tool', { profession: 'Admin', ownTools: [], adminTools: admin }, now)).toBe(
      true,
    );
  });
  it('lets a teacher use own and shared tools that have not expired', () => {
    expect(canUseTool('admin-tool', { profession: 'Teacher', ownTools: own, sharedTools: admin }, now)).toBe(
      true,
    );
    expect(canUseTool('own', { profession: 'Teacher', ownTools: own }, 2001)).toBe(false);
  });
});

describe('loadProgress', () => {
  it.each([
    [0, 4, 0],
    [1, 4, 25],
    [4, 4, 100],
    [5, 4, 100],
    [1, 3, 100 / 3],
    [7, 7, 100],
    [0, 0, 100],
    [-1, 2, 0],
  ])('%d of %d → %d', (loaded, count, expected) => {
    expect(loadProgress(loaded, count)).toBeCloseTo(expected, 10);
  });
  it('reaches exactly 100 for any team size', () => {
    for (let count = 1; count <= 50; count += 1) expect(loadProgress(count, count)).toBe(100);
  });
});

describe('wording', () => {
  it('uses school words by default', () => {
    expect(wording(undefined)).toMatchObject({
      classroom: 'classroom',
      student: 'student',
      institution: 'institution',
    });
    expect(wording('Unknown type')).toEqual(wording('Default'));
  });
  it('uses division/player/academy for Cricket', () => {
    expect(wording('Cricket')).toMatchObject({
      classroom: 'division',
      classrooms: 'divisions',
      student: 'player',
      institution: 'academy',
    });
    expect(wording(' cricket ')).toEqual(wording('Cricket'));
  });
  it('uses branch/client/product for Business', () => {
    expect(wording('Business')).toMatchObject({
      classroom: 'branch',
      student: 'client',
      institution: 'product',
    });
  });
  it('has Bangla labels that differ from English', () => {
    const bn = wording('Default', 'bn');
    expect(bn.student).toBe('শিক্ষার্থী');
    expect(wording('Cricket', 'bn').student).toBe('খেলোয়াড়');
    for (const type of ['Default', 'Cricket', 'Business']) {
      const en = wording(type);
      const b = wording(type, 'bn');
      for (const key of Object.keys(en) as (keyof typeof en)[]) expect(b[key]).not.toBe(en[key]);
    }
  });
  it('has labels in every interface language', () => {
    expect(wording('Default', 'zh').student).toBe('学生');
    expect(wording('Business', 'fr').classroom).toBe('succursale');
    for (const language of INTERFACE_LANGUAGES)
      for (const type of ACCOUNT_TYPES)
        for (const label of Object.values(wording(type, language))) expect(label.trim()).not.toBe('');
  });
  it('normalises the account type and capitalises labels', () => {
    expect(toAccountType('BUSINESS')).toBe('Business');
    expect(toAccountType(42)).toBe('Default');
    expect(capitalize('classroom')).toBe('Classroom');
    expect(capitalize('')).toBe('');
  });
});
