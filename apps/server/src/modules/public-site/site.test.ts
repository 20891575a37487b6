import fs from 'node:fs';
import path from 'node:path';
import { INTERFACE_LANGUAGES } from '@batchwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import { newsItemNoscript } from './page-html';

describe.each(DIALECTS)('public site [%s]', (dialect) => {
  let database: TestDatabase;
  let ctx: Awaited<ReturnType<typeof testApp>>;
  let webDist: string;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    // A stand-in build: the pre-rendered English and Bangla pages and the plain index.html.
    webDist = path.join(database.env.DATA_DIR!, 'web');
    const page = (lang: string, text: string) =>
      `<!doctype html><html lang="${lang}"><head><!--bw-meta--><title>${text}</title><link rel="canonical" href="__BW_ORIGIN__/pricing"><!--/bw-meta--></head><body><div id="root"><h1>${text}</h1></div></body></html>`;
    fs.mkdirSync(path.join(webDist, 'prerender/en'), { recursive: true });
    fs.mkdirSync(path.join(webDist, 'prerender/bn'), { recursive: true });
    fs.mkdirSync(path.join(webDist, 'prerender/ar'), { recursive: true });
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<html><head><title>Batchwise</title></head><body></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'prerender/en/pricing.html'), page('en', 'Pricing'));
    fs.writeFileSync(path.join(webDist, 'prerender/bn/pricing.html'), page('bn', 'মূল্য'));
    fs.writeFileSync(path.join(webDist, 'prerender/ar/pricing.html'), page('ar', 'الأسعار'));
    fs.writeFileSync(path.join(webDist, 'prerender/en/opennews.html'), page('en', 'News'));
    ctx = await testApp(database, {
      WEB_DIST: webDist,
      PUBLIC_URL: 'https://batchwise.example',
      MAP_EMBED_URL: 'https://www.openstreetmap.org/export/embed.html?bbox=90.3,23.7,90.4,23.8',
      AI_VIDEO_URLS: 'https://www.youtube-nocookie.com/embed/abc, /media/videos/intro.mp4',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
  });

  it('serves the pre-rendered page in the language of the cookie, with absolute canonical URLs', async () => {
    const en = await ctx.app.inject({ url: '/pricing' });
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.body).toContain('<h1>Pricing</h1>');
    expect(en.body).toContain('href="https://batchwise.example/pricing"');
    const bn = await ctx.app.inject({ url: '/pricing', cookies: { bw_lng: 'bn' } });
    expect(bn.body).toContain('<h1>মূল্য</h1>');
    expect(bn.headers.vary).toContain('Cookie');
    // A page without a pre-rendered file falls back to the app shell.
    expect((await ctx.app.inject({ url: '/careers' })).body).toContain('<title>Batchwise</title>');
  });

  it('serves the page in the language of ?lng=, before the cookie', async () => {
    const ar = await ctx.app.inject({ url: '/pricing?lng=ar', cookies: { bw_lng: 'bn' } });
    expect(ar.body).toContain('<h1>الأسعار</h1>');
    expect((await ctx.app.inject({ url: '/pricing', cookies: { bw_lng: 'ar' } })).body).toContain(
      '<h1>الأسعار</h1>',
    );
    // A language the site does not speak leaves the cookie's.
    const bn = await ctx.app.inject({ url: '/pricing?lng=de', cookies: { bw_lng: 'bn' } });
    expect(bn.body).toContain('<h1>মূল্য</h1>');
  });

  it('gives /OpenNews the item’s own title, preview tags and a readable article', async () => {
    const { news } = ctx.deps;
    const item = await news.create(
      {
        title: 'Eid <holiday> notice',
        description: '<p>Classes resume on Sunday.</p>',
        author: 'Batchwise team',
        type: 'News',
        label: 'Announcement',
        image: null,
        status: 'published',
      },
      null,
    );
    const res = await ctx.app.inject({ url: `/OpenNews?key=${item.key}` });
    expect(res.body).toContain('<title>Eid &lt;holiday&gt; notice · Batchwise</title>');
    expect(res.body).toContain('<meta property="og:title" content="Eid &lt;holiday&gt; notice">');
    expect(res.body).toContain(`href="https://batchwise.example/OpenNews?key=${item.key}"`);
    expect(res.body).toContain(
      '<noscript><article class="bw-noscript-article"><h1>Eid &lt;holiday&gt; notice</h1>',
    );
    expect(res.body).toContain('<p>Classes resume on Sunday.</p>');
    // Its date is the Bangladesh day: 01:00 in Dhaka on 1 December is still 30 November in UTC.
    expect(newsItemNoscript({ ...item, date: Date.parse('2026-11-30T19:00:00Z') })).toContain(
      '<time datetime="2026-12-01">2026-12-01</time>',
    );

    const sitemap = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://batchwise.example/welcome</loc>');
    expect(sitemap.body).toContain(`<loc>https://batchwise.example/OpenNews?key=${item.key}</loc>`);
  });

  it('fills the landing page’s news with the web build’s renderer, afresh when news changes', async () => {
    const pending =
      '<!--bw-slot:latest-news--><div data-news-slot="" data-slot-pending="">…</div><!--/bw-slot-->';
    const welcome = (lang: string) =>
      `<!doctype html><html lang="${lang}"><body><div id="root" data-static-page>${pending}</div></body></html>`;
    fs.writeFileSync(path.join(webDist, 'prerender/en/welcome.html'), welcome('en'));
    fs.writeFileSync(path.join(webDist, 'prerender/bn/welcome.html'), welcome('bn'));
    // Without the rendering bundle the loading state stays, and the browser's app fetches the news.
    expect((await ctx.app.inject({ url: '/welcome' })).body).toContain(pending);

    // The renderer reads every interface language's texts; only English and Bangla matter here.
    const labels: Record<string, string> = { en: 'Announcement', bn: 'ঘোষণা' };
    for (const language of INTERFACE_LANGUAGES) {
      const label = labels[language] ?? `Announcement (${language})`;
      fs.mkdirSync(path.join(webDist, `Locales/${language}`), { recursive: true });
      fs.writeFileSync(path.join(webDist, `Locales/${language}/common.json`), '{}');
      fs.writeFileSync(path.join(webDist, `Locales/${language}/pricing.json`), '{}');
      fs.writeFileSync(
        path.join(webDist, `Locales/${language}/public.json`),
        JSON.stringify({ news: { defaultLabel: label } }),
      );
    }
    // A stand-in for dist-ssr/entry-server.js with the same two functions.
    const ssr = path.join(path.dirname(webDist), 'dist-ssr');
    fs.mkdirSync(ssr, { recursive: true });
    fs.writeFileSync(
      path.join(ssr, 'entry-server.js'),
      `let texts;
export async function setUp(resources) { texts = resources; }
export function renderLatestNews(items, language) {
  return '<div data-news-slot="">' + texts[language].public.news.defaultLabel + ': ' + items.map((item) => item.title).join(' | ') + '</div>';
}`,
    );
    const { news } = ctx.deps;
    const item = (title: string) => ({
      title,
      description: `<p>${title}</p>`,
      author: '',
      type: 'News',
      label: 'Announcement',
      image: null,
      status: 'published' as const,
    });
    await news.create(item('Admission opens'), null);
    const first = await ctx.app.inject({ url: '/welcome' });
    expect(first.body).toMatch(
      /<div id="root" data-static-page><div data-news-slot="">Announcement: Admission opens \| /,
    );
    expect(first.body).not.toContain('bw-slot');

    await news.create(item('Results are out'), null);
    // The English part is cached from the page above. The change reaches each process's cache
    // through the event bus: at once on SQLite, a moment later through LISTEN on PostgreSQL.
    await expect
      .poll(async () => (await ctx.app.inject({ url: '/welcome' })).body)
      .toContain('<div data-news-slot="">Announcement: Results are out | Admission opens');
    expect((await ctx.app.inject({ url: '/welcome', cookies: { bw_lng: 'bn' } })).body).toContain(
      '<div data-news-slot="">ঘোষণা: Results are out | Admission opens',
    );
    const live = await ctx.app.inject({ url: '/api/site/latest-news?lng=en' });
    expect(live.json()).toEqual({
      html: expect.stringContaining('Announcement: Results are out | Admission opens'),
    });
  });

  it('sends / to /welcome, keeping the query', async () => {
    const res = await ctx.app.inject({ url: '/?theme=dark' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/welcome?theme=dark');
  });

  it('serves translations without the page-probe limit, cached by build id', async () => {
    fs.mkdirSync(path.join(webDist, 'Locales/bn'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'Locales/bn/blog.json'), '{"title":"ব্লগ"}');
    for (let i = 0; i < 320; i++) {
      const res = await ctx.app.inject({ url: '/Locales/bn/blog.json?v=abc' });
      expect(res.statusCode).toBe(200);
    }
    const res = await ctx.app.inject({ url: '/Locales/bn/blog.json?v=abc' });
    expect(res.json()).toEqual({ title: 'ব্লগ' });
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject({ url: '/Locales/bn/..%2F..%2Fsecret.json' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/Locales/de/blog.json' })).statusCode).toBe(400);
  });

  it('tells robots what to skip and where the sitemap is', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://batchwise.example/sitemap.xml');
  });

  it('shares the embed settings and lets only configured embed origins into the page policy', async () => {
    const site = (await ctx.app.inject({ url: '/api/site' })).json();
    expect(site).toMatchObject({
      contactEmail: 'hello@batchwise.com.bd',
      supportChatScript: null,
      aiVideos: [
        { kind: 'embed', url: 'https://www.youtube-nocookie.com/embed/abc' },
        { kind: 'file', url: '/media/videos/intro.mp4' },
        null,
        null,
        null,
      ],
    });
    const csp = (await ctx.app.inject({ url: '/pricing' })).headers['content-security-policy'] as string;
    expect(csp).toContain("frame-src 'self' https://www.openstreetmap.org https://www.youtube-nocookie.com");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
  });
});

describe.each(DIALECTS)('public site without PUBLIC_URL [%s]', (dialect) => {
  let database: TestDatabase;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const webDist = path.join(database.env.DATA_DIR!, 'web');
    fs.mkdirSync(path.join(webDist, 'prerender/en'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<html><head></head><body></body></html>');
    fs.writeFileSync(
      path.join(webDist, 'prerender/en/welcome.html'),
      '<html><head><link rel="canonical" href="__BW_ORIGIN__/welcome"><meta property="og:url" content="__BW_ORIGIN__/welcome"></head><body></body></html>',
    );
    ctx = await testApp(database, { WEB_DIST: webDist, PORT: '8080' });
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
  });

  it('never reflects the Host header (or X-Forwarded-Host) into canonical, preview, robots or sitemap URLs', async () => {
    const headers = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const page = await ctx.app.inject({ url: '/welcome', headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:8080/welcome">');
    expect(page.body).toContain('<meta property="og:url" content="http://localhost:8080/welcome">');
    const robots = await ctx.app.inject({ url: '/robots.txt', headers });
    expect(robots.body).toContain('Sitemap: http://localhost:8080/sitemap.xml');
    const sitemap = await ctx.app.inject({ url: '/sitemap.xml', headers });
    expect(sitemap.body).toContain('<loc>http://localhost:8080/welcome</loc>');
    for (const res of [page, robots, sitemap]) expect(res.body).not.toContain('evil.example');
  });
});
