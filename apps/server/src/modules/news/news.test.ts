import { CSRF_HEADER } from '@batchwise/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { allDelivered } from '../../test/live-events';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import type { LiveEvent } from '../events/event-bus';

type Ctx = Awaited<ReturnType<typeof testApp>>;

/** A user row made directly (sign-in routes are not what this module tests) and a session for it. */
async function userSession(ctx: Ctx, options: { staff: boolean }) {
  const now = ctx.deps.clock.now();
  const id = newId(now);
  await ctx.deps.db.kysely
    .insertInto('users')
    .values({
      id,
      name: options.staff ? 'Nusrat (staff)' : 'Karim (teacher)',
      email: `${id.toLowerCase()}@batchwise.test`,
      phone: null,
      password_hash: null,
      profession: options.staff ? null : 'Teacher',
      is_staff: options.staff ? 1 : 0,
      avatar_key: null,
      suspicious_at: null,
      disabled_at: null,
      password_changed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const { token } = await ctx.deps.sessions.create(id, {});
  return { cookie: `bw_session=${token}`, userId: id };
}

const write = (cookie: string) => ({ cookie, [CSRF_HEADER]: '1' });

describe.each(DIALECTS)('news [%s]', (dialect) => {
  let database: TestDatabase;
  let ctx: Ctx;
  let staff: { cookie: string; userId: string };
  let teacher: { cookie: string };

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    ctx = await testApp(database);
    staff = await userSession(ctx, { staff: true });
    teacher = await userSession(ctx, { staff: false });
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
  });

  const create = (body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/staff/news', headers: write(staff.cookie), payload: body });

  it('keeps drafts off the public site until a staff member publishes them, telling open pages', async () => {
    const events: LiveEvent[] = [];
    const stop = ctx.deps.events.subscribe(['public'], (event) => events.push(event));
    const draft = await create({ title: 'Exam routine for Class 10', description: '<p>Routine inside.</p>' });
    expect(draft.statusCode).toBe(201);
    const key = draft.json().key as string;
    expect(draft.json()).toMatchObject({ status: 'draft', label: 'Announcement', readTimeMinutes: 1 });

    expect((await ctx.app.inject({ url: `/api/news/${key}` })).statusCode).toBe(404);
    const before = await ctx.app.inject({ url: '/api/news' });
    expect(before.json().items.map((i: { key: string }) => i.key)).not.toContain(key);

    const published = await ctx.app.inject({
      method: 'PUT',
      url: `/api/staff/news/${key}`,
      headers: write(staff.cookie),
      payload: {
        ...(draft.json() as Record<string, unknown>),
        image: null,
        status: 'published',
        date: undefined,
      },
    });
    expect(published.statusCode).toBe(200);
    const open = await ctx.app.inject({ url: `/api/news/${key}` });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ title: 'Exam routine for Class 10', status: 'published' });
    const list = await ctx.app.inject({ url: '/api/news?limit=10' });
    expect(list.json().items[0].key).toBe(key);

    await allDelivered(ctx.deps.events, 'public', events);
    stop();
    expect(events.filter((e) => e.type === 'news.changed')).toHaveLength(2);
    expect(events[0]?.stale).toEqual([{ resource: 'news' }]);
  });

  it('sanitises the description: no scripts, handlers or styles; safe links', async () => {
    const res = await create({
      title: 'Pasted article',
      status: 'published',
      description:
        '<h1>Big</h1><p onclick="steal()" style="color:red">Hello <script>alert(1)</script><a href="javascript:alert(2)">x</a> <a href="https://batchwise.com.bd">site</a></p><iframe src="https://evil.test"></iframe><img src=x onerror=alert(3)>',
    });
    const html = res.json().description as string;
    expect(html).toBe(
      '<h2>Big</h2><p>Hello <a target="_blank" rel="noopener noreferrer nofollow">x</a> <a href="https://batchwise.com.bd" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    );
    expect(res.json().summary).toBe('Big Hello x site');
  });

  it('answers empty fields with the catalogue messages', async () => {
    const res = await create({ title: '', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'NEWS_TITLE_REQUIRED', message: 'Please enter a title.' });
  });

  it('lets only staff write: anonymous 401, a teacher 403, no CSRF header 403', async () => {
    const body = { title: 't', description: 'd' };
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/staff/news',
          headers: { [CSRF_HEADER]: '1' },
          payload: body,
        })
      ).statusCode,
    ).toBe(401);
    const asTeacher = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/news',
      headers: write(teacher.cookie),
      payload: body,
    });
    expect(asTeacher.statusCode).toBe(403);
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/news',
      headers: { cookie: staff.cookie },
      payload: body,
    });
    expect(noCsrf.json().error.code).toBe('CSRF_REFUSED');
    expect(
      (await ctx.app.inject({ url: '/api/staff/news', headers: { cookie: teacher.cookie } })).statusCode,
    ).toBe(403);
  });

  it('pages published news 20 at a time by date, then finds items by words', async () => {
    const day = 86_400_000;
    const base = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 25; i++) {
      await create({
        title: `Weekly notice ${i}`,
        description: `<p>Notice number ${i} ${i === 7 ? 'ভর্তি চলছে' : ''}</p>`,
        status: 'published',
        date: base + i * day,
      });
    }
    const first = await ctx.app.inject({ url: '/api/news?q=weekly' });
    const page1 = first.json();
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0].title).toBe('Weekly notice 24');
    expect(page1.nextCursor).toMatch(/^\d+_/);
    const second = await ctx.app.inject({ url: `/api/news?q=weekly&cursor=${page1.nextCursor}` });
    expect(second.json().items.map((i: { title: string }) => i.title)).toEqual([
      'Weekly notice 4',
      'Weekly notice 3',
      'Weekly notice 2',
      'Weekly notice 1',
      'Weekly notice 0',
    ]);
    expect(second.json().nextCursor).toBeNull();

    const bangla = await ctx.app.inject({ url: `/api/news?q=${encodeURIComponent('ভর্তি')}` });
    expect(bangla.json().items.map((i: { title: string }) => i.title)).toEqual(['Weekly notice 7']);
    const literal = await ctx.app.inject({ url: '/api/news?q=%25' });
    expect(literal.json().items).toEqual([]);
  });

  it('stores an uploaded image as sized WebP variants served with a long cache', async () => {
    const png = await sharp({ create: { width: 1200, height: 700, channels: 3, background: '#0d9488' } })
      .png()
      .toBuffer();
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/news/images',
      headers: { ...write(staff.cookie), 'content-type': 'image/png' },
      payload: png,
    });
    expect(upload.statusCode).toBe(201);
    const { image, url } = upload.json();
    expect(image).toMatch(/^news\/[0-9A-Z]+$/);

    const small = await ctx.app.inject({ url: `${url}-480.webp` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toContain('immutable');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(480);
    // Not enlarged past the original.
    expect(
      (await sharp((await ctx.app.inject({ url: `${url}-1600.webp` })).rawPayload).metadata()).width,
    ).toBe(1200);
    expect((await ctx.app.inject({ url: `${url}-960.jpg` })).headers['content-type']).toBe('image/jpeg');

    const item = await create({ title: 'With picture', description: 'x', image, status: 'published' });
    expect(item.json().image).toBe(url);

    const bogus = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/news/images',
      headers: { ...write(staff.cookie), 'content-type': 'image/png' },
      payload: Buffer.from('not a picture'),
    });
    expect(bogus.json().error.code).toBe('NEWS_IMAGE_INVALID');
    expect((await ctx.app.inject({ url: '/media/news/..%2F..%2Fbatchwise.db' })).statusCode).toBe(400);
  });

  it('deletes an item for good', async () => {
    const item = (await create({ title: 'Typo', description: 'x', status: 'published' })).json();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/staff/news/${item.key}`,
      headers: write(staff.cookie),
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await ctx.app.inject({ url: `/api/staff/news/${item.key}`, headers: { cookie: staff.cookie } }))
        .statusCode,
    ).toBe(404);
  });
});
