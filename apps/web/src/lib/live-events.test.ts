import { describe, expect, it } from 'vitest';
import { parseLiveEvent } from './live-events';

describe('parseLiveEvent', () => {
  it('reads the type and query keys', () => {
    expect(parseLiveEvent('{"type":"student.changed","queryKeys":[["students"],["student","s1"]]}')).toEqual({
      type: 'student.changed',
      queryKeys: [['students'], ['student', 's1']],
    });
  });

  it('accepts an event without query keys', () => {
    expect(parseLiveEvent('{"type":"hello"}')).toEqual({ type: 'hello' });
  });

  it('drops malformed query keys but keeps the good ones', () => {
    expect(parseLiveEvent('{"type":"x","queryKeys":[["a"],"b",[1],null]}')).toEqual({
      type: 'x',
      queryKeys: [['a']],
    });
  });

  it.each(['', 'not json', '42', 'null', '{"queryKeys":[["a"]]}', '{"type":5}'])('ignores %j', (data) => {
    expect(parseLiveEvent(data)).toBeNull();
  });
});
