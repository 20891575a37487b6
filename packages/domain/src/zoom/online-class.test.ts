import { describe, expect, it } from 'vitest';
import { smsParts } from '../sms/sms';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { matchParticipants, onlineClassSms } from './online-class';

const physics = {
  classroom: 'Physics A',
  date: '2026-12-06',
  start: '16:00',
  link: 'https://bw.example/r/k3',
};

describe('online class SMS', () => {
  it('reads in every interface language with the date, the time and the link intact', () => {
    const texts = INTERFACE_LANGUAGES.map((language) => onlineClassSms(physics, language));
    expect(new Set(texts).size).toBe(INTERFACE_LANGUAGES.length);
    for (const [i, text] of texts.entries()) {
      expect(text).toContain('https://bw.example/r/k3');
      if (INTERFACE_LANGUAGES[i] !== 'bn') expect(text).toContain('06-12-2026');
      // One class, one link: the notice stays within two SMS even as Unicode (Chinese, Arabic, Bangla).
      expect(smsParts(text)).toBeLessThanOrEqual(2);
    }
    expect(onlineClassSms(physics, 'en')).toBe(
      'Physics A: the class on 06-12-2026 at 4:00 PM is online on Zoom. Join: https://bw.example/r/k3',
    );
    expect(onlineClassSms(physics, 'bn')).toContain('০৬-১২-২০২৬');
    expect(onlineClassSms(physics, 'fr')).toContain('à 16:00');
  });

  it('matches a display name to the one student of that name', () => {
    expect(
      matchParticipants(
        ['  asha AKTER ', 'Guest', 'Rafi'],
        [
          { id: 's1', name: 'Asha Akter' },
          { id: 's2', name: 'Rafi' },
          { id: 's3', name: 'Rafi' },
        ],
      ),
    ).toEqual({ studentIds: ['s1'], unmatched: ['Guest', 'Rafi'] });
  });
});
