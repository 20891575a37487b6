import { describe, expect, it } from 'vitest';
import { peopleSheets } from './people-sheets';

describe('people sheets', () => {
  it('dates a student by the Bangladesh day: added at 01:00 in Dhaka is that day, not the UTC day before', () => {
    const student = {
      id: 's1',
      custom_id: 'A-1',
      name: 'Asha',
      phone: '01711000001',
      created_at: Date.parse('2026-11-30T19:00:00Z'),
      archived_at: Date.parse('2026-12-01T17:59:00Z'),
    };
    const [students] = peopleSheets({ students: [student] }, []);
    const row = students!.rows[0]!;
    expect(row.slice(-2)).toEqual(['2026-12-01', '2026-12-01']);
    expect(row.slice(0, 3)).toEqual(['A-1', 'Asha', '01711000001']);
  });
});
