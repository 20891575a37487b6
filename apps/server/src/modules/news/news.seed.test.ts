import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import { seedNews } from './news.seed';

describe.each(DIALECTS)('news demo seed [%s]', (dialect) => {
  let database: TestDatabase;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    ctx = await testApp(database);
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
  });

  it('publishes English and Bangla news with pictures', async () => {
    await seedNews(ctx.deps);
    const { items } = (await ctx.app.inject({ url: '/api/news' })).json();
    expect(items).toHaveLength(6);
    expect(items.some((i: { title: string }) => /[\u0980-\u09FF]/.test(i.title))).toBe(true);
    const image = await ctx.app.inject({ url: `${items[0].image}-480.webp` });
    expect(image.statusCode).toBe(200);
  });
});
