import { sql } from 'kysely';
import { describe, it } from 'vitest';
import { useWorld } from '../../test/world';

describe('zz', () => {
  const ctx = useWorld('postgres');
  it('home statements', async () => {
    const parent = await ctx.world.client('parentA');
    await parent.get('/api/portal/home');
    await sql`SELECT 'zz-start'`.execute(ctx.deps.db.kysely);
    await parent.get('/api/portal/home');
    await sql`SELECT 'zz-end'`.execute(ctx.deps.db.kysely);
  });
});
