import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AdmissionInfo,
  classroomLabel,
  EMPTY_ANSWERS,
  fieldKind,
  firstVisit,
  initialAnswers,
  loadWizard,
  saveWizard,
  submissionOf,
} from './answers';

const room = { id: 'room-1', name: 'Morning', grade: 'Class 9', subject: 'Physics' };

const info = (settings: Partial<AdmissionInfo['settings']> = {}): AdmissionInfo => ({
  instituteId: 'acc-1',
  institution: 'Alo Coaching',
  logoUrl: null,
  language: 'en',
  classrooms: [room],
  settings: {
    acceptingApplications: true,
    collectPicture: false,
    collectParentsPhone: false,
    requireUniqueParentsPhone: false,
    collectAdditionalInfo: false,
    customFields: [],
    attachments: [],
    ...settings,
  },
});

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('fieldKind', () => {
  it.each([
    ['Blood Group', 'bloodGroup'],
    ['blood group', 'bloodGroup'],
    ['Date Of Birth', 'dateOfBirth'],
    ['Address', 'address'],
    ['Facebook Profile', 'link'],
    ['Social profile link', 'link'],
    ['Previous School', 'text'],
  ] as const)('%s → %s', (field, kind) => {
    expect(fieldKind(field)).toBe(kind);
  });
});

describe('answers', () => {
  it('starts with A+ for a blood group field and the fixed classroom written in', () => {
    const answers = initialAnswers(info({ customFields: ['Blood Group', 'Address'] }), 'room-1');
    expect(answers.customFields).toEqual({ 'Blood Group': 'A+' });
    expect(answers.details).toBe('Morning (Class 9, Physics)');
    expect(initialAnswers(info(), 'unknown-room').details).toBe('');
  });

  it('labels a classroom without empty parts', () => {
    expect(classroomLabel({ ...room, subject: '' })).toBe('Morning (Class 9)');
    expect(classroomLabel({ ...room, grade: '', subject: '' })).toBe('Morning');
  });

  it('sends normalised phones, only the institution’s fields, and the fixed course', () => {
    const body = submissionOf(
      {
        ...EMPTY_ANSWERS,
        name: '  Rafi ',
        phone: '01712345678D',
        avatarUrl: '/media/students/x.webp',
        parent1phone: '01812345678',
        parent2phone: '',
        customFields: { Address: ' Dhaka ', Other: 'ignored', 'Blood Group': '' },
        details: 'typed',
      },
      info({ collectParentsPhone: true, customFields: ['Address', 'Blood Group'] }),
      'room-1',
    );
    expect(body).toEqual({
      course: 'room-1',
      name: 'Rafi',
      phone: '+8801712345678D',
      avatarURL: '/media/students/x.webp',
      parent1phone: '+8801812345678',
      parent2phone: '',
      customFields: { Address: 'Dhaka' },
      details: 'Morning (Class 9, Physics)',
    });
  });

  it('leaves parent phones out when they are not collected', () => {
    const body = submissionOf({ ...EMPTY_ANSWERS, parent1phone: '01812345678' }, info(), null);
    expect(body.parent1phone).toBe('');
    expect(body).not.toHaveProperty('course');
    expect(body).not.toHaveProperty('avatarURL');
  });
});

describe('keeping answers', () => {
  it('restores a saved page and answers, and falls back to welcome for a page no longer shown', () => {
    vi.stubGlobal('window', { sessionStorage: memoryStorage() });
    const answers = { ...EMPTY_ANSWERS, name: 'Rafi' };
    saveWizard('acc-1', { page: 'phone', answers, touched: ['name'] });
    expect(loadWizard('acc-1', info())).toEqual({ page: 'phone', answers, touched: ['name'] });
    saveWizard('acc-1', { page: 'picture', answers, touched: [] });
    expect(loadWizard('acc-1', info())?.page).toBe('welcome');
    expect(loadWizard('acc-2', info())).toBeNull();
  });

  it('ignores damaged data', () => {
    const storage = memoryStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
    storage.setItem('bw-admission:acc-1', '{not json');
    expect(loadWizard('acc-1', info())).toBeNull();
    storage.setItem('bw-admission:acc-1', JSON.stringify({ page: 'name', answers: { name: 5 } }));
    expect(loadWizard('acc-1', info())).toBeNull();
  });

  it('applies the institution language on the first visit only', () => {
    vi.stubGlobal('window', { localStorage: memoryStorage() });
    expect(firstVisit('acc-1')).toBe(true);
    expect(firstVisit('acc-1')).toBe(false);
    expect(firstVisit('acc-2')).toBe(true);
  });
});
