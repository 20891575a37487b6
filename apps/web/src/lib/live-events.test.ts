import { describe, expect, it } from 'vitest';
import { parseLiveEvent } from './live-events';

describe('parseLiveEvent', () => {
  it('reads the type and the stale resources', () => {
    const data =
      '{"type":"students.changed","stale":[{"resource":"students","params":{"accountId":"a1"}},{"resource":"session"}]}';
    expect(parseLiveEvent(data)).toEqual({
      type: 'students.changed',
      stale: [{ resource: 'students', params: { accountId: 'a1' } }, { resource: 'session' }],
    });
  });

  it('accepts an event without stale data', () => {
    expect(parseLiveEvent('{"type":"hello"}')).toEqual({ type: 'hello' });
  });

  it('drops malformed or unknown resources but keeps the good ones', () => {
    const data =
      '{"type":"x","stale":[{"resource":"news"},{"resource":"nope"},"news",null,{"resource":"team","params":{"accountId":5}}]}';
    expect(parseLiveEvent(data)).toEqual({ type: 'x', stale: [{ resource: 'news' }] });
  });

  it.each(['', 'not json', '42', 'null', '{"stale":[{"resource":"news"}]}', '{"type":5}', '{"type":""}'])(
    'ignores %j',
    (data) => {
      expect(parseLiveEvent(data)).toBeNull();
    },
  );
});
