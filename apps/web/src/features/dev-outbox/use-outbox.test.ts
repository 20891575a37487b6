import { describe, expect, it } from 'vitest';
import { type OutboxItem, sortNewestFirst } from './use-outbox';

const item = (id: string, createdAt: number): OutboxItem => ({
  id,
  kind: 'sms',
  to: '+8801711000000',
  subject: null,
  body: 'Hello',
  createdAt,
});

describe('sortNewestFirst', () => {
  it('puts the latest message on top without changing the input', () => {
    const items = [item('a', 1), item('c', 3), item('b', 2)];
    expect(sortNewestFirst(items).map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
    expect(items.map((entry) => entry.id)).toEqual(['a', 'c', 'b']);
  });
});
