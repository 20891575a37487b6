import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/test-deps';
import { useWorld } from '../../test/world';

describe.each(DIALECTS)('family portal [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  it('answers a parent their children', async () => {
    const parent = await ctx.world.client('parentA');
    const res = await parent.request({ method: 'GET', url: '/api/portal/home' });
    expect(res.json()).toEqual({});
  });
});
