import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClassroomTiming } from '../contracts/classroom';
import { addDays, dayOf, dayStartMs } from '../money/days';
import { cardCodeKeys, punchDirection, punchDirections, STUDENT_QR_PREFIX, studentIdFromQr } from './punches';
import {
  bangladeshMoment,
  type ClassSession,
  DEFAULT_LATE_AFTER_MINUTES,
  punchMarkUpdate,
  punchStatus,
  sessionsAround,
  sessionsOn,
} from './sessions';

const utc = (iso: string) => Date.parse(iso);
const MIN = 60_000;
// 2 March 2026 is a Monday.
const monday = (time: string) => bangladeshMoment('2026-03-02', time);
const EVENING: ClassroomTiming[] = [{ day: 'Monday', start: '22:00', end: '01:00' }];

describe('Bangladesh moments', () => {
  it('reads wall time as UTC+6 whatever the machine zone', () => {
    expect(monday('22:00')).toBe(utc('2026-03-02T16:00:00Z'));
    expect(monday('00:00')).toBe(utc('2026-03-01T18:00:00Z'));
    expect(dayOf(utc('2026-03-01T18:30:00Z'))).toBe('2026-03-02'); // 00:30 in Dhaka
    expect(dayOf(utc('2026-03-01T17:59:59.999Z'))).toBe('2026-03-01');
    expect(bangladeshMoment('2026-03-02', '24:00')).toBeNaN();
  });

  it('round-trips any moment through its date and wall time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (at) => {
        const date = dayOf(at);
        const start = dayStartMs(date);
        expect(at - start).toBeGreaterThanOrEqual(0);
        expect(at - start).toBeLessThan(86_400_000);
        const minutes = Math.floor((at - start) / MIN);
        const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        expect(bangladeshMoment(date, hhmm)).toBe(start + minutes * MIN);
      }),
    );
  });
});

describe('sessions of a date', () => {
  it('takes the timings of that weekday, in start order, once each', () => {
    const timings: ClassroomTiming[] = [
      { day: 'Monday', start: '16:00', end: '17:30' },
      { day: 'Tuesday', start: '09:00', end: '10:00' },
      { day: 'Monday', start: '08:00', end: '09:00' },
      { day: 'Monday', start: '16:00', end: '17:30' },
    ];
    const sessions = sessionsOn(timings, '2026-03-02');
    expect(sessions.map((s) => [s.date, s.start, s.end])).toEqual([
      ['2026-03-02', '08:00', '09:00'],
      ['2026-03-02', '16:00', '17:30'],
    ]);
    expect(sessions[1]).toMatchObject({ startAt: monday('16:00'), endAt: monday('17:30') });
    expect(sessionsOn(timings, '2026-03-04')).toEqual([]);
    expect(sessionsOn(timings, 'not a date')).toEqual([]);
  });

  it('ends a session that runs past midnight on the next date', () => {
    const [s] = sessionsOn(EVENING, '2026-03-02');
    expect(s).toEqual({
      date: '2026-03-02',
      start: '22:00',
      end: '01:00',
      startAt: monday('22:00'),
      endAt: bangladeshMoment('2026-03-03', '01:00'),
    });
  });

  it("gives a punch at 00:30 the previous evening's 22:00–01:00 session", () => {
    const at = bangladeshMoment('2026-03-03', '00:30');
    expect(sessionsAround(EVENING, at).map((s) => `${s.date} ${s.start}`)).toEqual(['2026-03-02 22:00']);
    // After it ended, nothing of Monday remains; Tuesday has none.
    expect(sessionsAround(EVENING, bangladeshMoment('2026-03-03', '01:01'))).toEqual([]);
  });

  it('lists every session a moment may concern, whatever the timings', () => {
    const timing = fc.record({
      day: fc.constantFrom(
        'Sunday',
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday' as const,
      ),
      start: fc.integer({ min: 0, max: 1439 }),
      end: fc.integer({ min: 0, max: 1439 }),
    });
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.array(timing, { maxLength: 8 }),
        fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
        (raw, at) => {
          const timings = raw.map((t) => ({ day: t.day, start: hhmm(t.start), end: hhmm(t.end) }));
          const around = sessionsAround(timings, at);
          for (const s of around) {
            // Every session listed starts on the punch's date or the day before and has not ended.
            expect([dayOf(at), addDays(dayOf(at), -1)]).toContain(s.date);
            expect(s.endAt).toBeGreaterThanOrEqual(s.date === dayOf(at) ? s.startAt : at);
            expect(dayOf(s.startAt)).toBe(s.date);
          }
          // No session running at `at` is missed.
          for (const date of [addDays(dayOf(at), -1), dayOf(at)]) {
            for (const s of sessionsOn(timings, date)) {
              if (s.startAt <= at && at <= s.endAt) expect(around).toContainEqual(s);
            }
          }
        },
      ),
    );
  });
});

describe('status a punch gives a session', () => {
  const [afternoon] = sessionsOn([{ day: 'Monday', start: '16:00', end: '17:30' }], '2026-03-02') as [
    ClassSession,
  ];
  const [evening] = sessionsOn(EVENING, '2026-03-02') as [ClassSession];
  const status = (session: ClassSession, at: number, direction: 'entry' | 'exit' = 'entry', late = 10) =>
    punchStatus(session, { at, direction }, late);

  it.each([
    ['at the start', monday('16:00'), 'present'],
    ['at start + 10 min exactly', monday('16:10'), 'present'],
    ['a minute after that', monday('16:11'), 'late'],
    ['at the end', monday('17:30'), 'late'],
    ['after the end', monday('17:31'), null],
    ['an entry earlier that day', monday('08:00'), 'present'],
    ['an entry at midnight that day', monday('00:00'), 'present'],
    ['an entry the day before', bangladeshMoment('2026-03-01', '23:59'), null],
  ])('%s → %s', (_label, at, expected) => {
    expect(status(afternoon, at)).toBe(expected);
  });

  it('ignores an exit before the session; counts one during it', () => {
    expect(status(afternoon, monday('15:00'), 'exit')).toBeNull();
    expect(status(afternoon, monday('16:05'), 'exit')).toBe('present');
    expect(status(afternoon, monday('17:00'), 'exit')).toBe('late');
  });

  it('marks late across midnight in Bangladesh time', () => {
    expect(status(evening, monday('22:10'))).toBe('present');
    expect(status(evening, monday('22:11'))).toBe('late');
    expect(status(evening, bangladeshMoment('2026-03-03', '00:30'))).toBe('late');
    expect(status(evening, bangladeshMoment('2026-03-03', '01:00'))).toBe('late');
    expect(status(evening, bangladeshMoment('2026-03-03', '01:01'))).toBeNull();
    // 00:30 on Tuesday is an entry on another date than the session's: never "earlier that day".
    expect(status(evening, bangladeshMoment('2026-03-03', '00:30'), 'entry', 180)).toBe('present');
  });

  it('follows the classroom setting and caps "present" at the end', () => {
    expect(status(afternoon, monday('16:20'), 'entry', 30)).toBe('present');
    expect(status(afternoon, monday('16:20'), 'entry', 0)).toBe('late');
    expect(status(afternoon, monday('17:30'), 'entry', 600)).toBe('present');
    expect(status(afternoon, monday('17:31'), 'entry', 600)).toBeNull();
    expect(DEFAULT_LATE_AFTER_MINUTES).toBe(10);
  });
});

describe('marks a punch leaves', () => {
  it.each([
    [null, 'present', 'present'],
    [null, 'late', 'late'],
    [{ status: 'absent', source: 'roll-call' }, 'present', null],
    [{ status: 'late', source: 'roll-call' }, 'present', null],
    [{ status: 'present', source: 'punch' }, 'late', null],
    [{ status: 'present', source: 'punch' }, 'present', null],
    [{ status: 'late', source: 'punch' }, 'present', 'present'],
    [{ status: 'late', source: 'punch' }, 'late', null],
    [{ status: 'absent', source: 'punch' }, 'late', 'late'],
  ] as const)('%o + %s → %s', (existing, incoming, expected) => {
    expect(punchMarkUpdate(existing, incoming)).toBe(expected);
  });
});

describe('direction toggling', () => {
  const at = (time: string, date = '2026-03-02') => bangladeshMoment(date, time);

  it('starts each Bangladesh day with an entry, then alternates', () => {
    expect(punchDirection({ at: at('08:00') }, null)).toBe('entry');
    expect(punchDirection({ at: at('12:00') }, { at: at('08:00'), direction: 'entry' })).toBe('exit');
    expect(punchDirection({ at: at('13:00') }, { at: at('12:00'), direction: 'exit' })).toBe('entry');
    // 23:59 and 00:01 are different Dhaka days even though both are the same UTC day.
    expect(punchDirection({ at: at('00:01', '2026-03-03') }, { at: at('23:59'), direction: 'entry' })).toBe(
      'entry',
    );
  });

  it('keeps an explicit direction', () => {
    expect(punchDirection({ at: at('08:00'), direction: 'exit' }, null)).toBe('exit');
    expect(
      punchDirection({ at: at('09:00'), direction: 'entry' }, { at: at('08:00'), direction: 'entry' }),
    ).toBe('entry');
  });

  it('orders punches by time, answering in the order given', () => {
    expect(punchDirections([{ at: at('09:00') }, { at: at('08:00') }, { at: at('10:00') }])).toEqual([
      'exit',
      'entry',
      'entry',
    ]);
  });

  // Property: without explicit directions, each Dhaka day of a student alternates entry, exit,
  // entry… starting with an entry, and the count of entries is ceil(n / 2) per day.
  it('alternates within every Bangladesh day and restarts at Dhaka midnight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: at('00:00', '2026-03-01'), max: at('23:59', '2026-03-04') }), {
          maxLength: 30,
        }),
        (moments) => {
          const directions = punchDirections(moments.map((m) => ({ at: m })));
          const order = moments.map((_, i) => i).sort((a, b) => moments[a]! - moments[b]! || a - b);
          const countByDay = new Map<string, number>();
          for (const i of order) {
            const day = dayOf(moments[i]!);
            const n = countByDay.get(day) ?? 0;
            expect(directions[i]).toBe(n % 2 === 0 ? 'entry' : 'exit');
            countByDay.set(day, n + 1);
          }
        },
      ),
    );
  });

  it('toggles against the punch before, whatever came explicitly', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.integer({ min: at('00:00'), max: at('23:59') }),
            direction: fc.constantFrom(undefined, 'entry', 'exit' as const),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (punches) => {
          const directions = punchDirections(punches);
          const order = punches.map((_, i) => i).sort((a, b) => punches[a]!.at - punches[b]!.at || a - b);
          order.forEach((i, k) => {
            const explicit = punches[i]!.direction;
            if (explicit) expect(directions[i]).toBe(explicit);
            else if (k === 0) expect(directions[i]).toBe('entry');
            else expect(directions[i]).not.toBe(directions[order[k - 1]!]);
          });
        },
      ),
    );
  });
});

describe('codes a kiosk reads', () => {
  it('reads a student QR payload', () => {
    expect(STUDENT_QR_PREFIX).toBe('BW1:S:');
    expect(studentIdFromQr('BW1:S:01HXAB')).toBe('01HXAB');
    expect(studentIdFromQr('  bw1:s:01HXAB \n')).toBe('01HXAB');
    expect(studentIdFromQr('BW1:S:')).toBeNull();
    expect(studentIdFromQr('BW1:S:../x')).toBeNull();
    expect(studentIdFromQr('https://example.com')).toBeNull();
  });

  it('looks a card up as read and without spaces or NFC colons, ignoring case', () => {
    expect(cardCodeKeys(' 00 12 AB ')).toEqual(['00 12 ab', '0012ab']);
    expect(cardCodeKeys('04:A2:9F')).toEqual(['04:a2:9f', '04a29f']);
    expect(cardCodeKeys('0012345678')).toEqual(['0012345678']);
    expect(cardCodeKeys('   ')).toEqual([]);
  });
});
