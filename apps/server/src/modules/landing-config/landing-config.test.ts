import fs from 'node:fs';
import path from 'node:path';
import { INTERFACE_LANGUAGES } from '@batchwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { newStaffClient } from '../../test/school';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';

// `/config-landing-page` through the real app on both databases: staff save the hero,
// testimonials, case study and featured news (checked by the domain contract), and the static
// landing page shows them, rendered by the web build's renderer (a stand-in here).

const hero = {
  title: { en: 'Run your coaching centre from one phone', bn: 'এক ফোনেই চালান আপনার কোচিং সেন্টার' },
  pitch: { en: 'Students, fees and SMS together.', bn: 'শিক্ষার্থী, বেতন আর এসএমএস একসাথে।' },
};

describe.each(DIALECTS)('landing page content [%s]', (dialect) => {
  let database: TestDatabase;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const webDist = path.join(database.env.DATA_DIR!, 'web');
    const slot = (name: string) => `<!--bw-slot:${name}--><div>built-in ${name}</div><!--/bw-slot-->`;
    const page = (lang: string) =>
      `<!doctype html><html lang="${lang}"><body><div id="root" data-static-page>${slot('landing-hero')}${slot('landing-testimonials')}${slot('latest-news')}${slot('landing-caseStudy')}</div></body></html>`;
    for (const lang of INTERFACE_LANGUAGES) {
      fs.mkdirSync(path.join(webDist, `prerender/${lang}`), { recursive: true });
      fs.writeFileSync(path.join(webDist, `prerender/${lang}/welcome.html`), page(lang));
      fs.mkdirSync(path.join(webDist, `Locales/${lang}`), { recursive: true });
      for (const ns of ['common', 'public', 'pricing'])
        fs.writeFileSync(path.join(webDist, `Locales/${lang}/${ns}.json`), '{}');
    }
    fs.writeFileSync(path.join(webDist, 'index.html'), '<html><body></body></html>');
    // A stand-in for dist-ssr/entry-server.js: the parts as plain text, in the page's language.
    const ssr = path.join(database.env.DATA_DIR!, 'dist-ssr');
    fs.mkdirSync(ssr, { recursive: true });
    fs.writeFileSync(
      path.join(ssr, 'entry-server.js'),
      `export async function setUp() {}
export function renderLatestNews(items) { return '<div>news: ' + items.map((i) => i.title).join(' | ') + '</div>'; }
export function renderPricingPlans() { return ''; }
export function renderLanding(part, config, language) {
  if (part === 'hero') return '<h1>' + (config.hero ? config.hero.title[language] : 'built-in hero') + '</h1>';
  if (part === 'testimonials') return '<ul>' + (config.testimonials ?? []).map((t) => '<li>' + t.name + '</li>').join('') + '</ul>';
  return '<h2>' + (config.caseStudy ? config.caseStudy.title[language] : 'built-in case') + '</h2>';
}`,
    );
    ctx = await testApp(database, { WEB_DIST: webDist, WEB_SSR: ssr });
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
  });

  it('saves what staff write, checked, and the landing page shows it in both languages', async () => {
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const empty = await staff.client.get('/api/staff/landing-config');
    expect(empty.json()).toMatchObject({ hero: null, testimonials: null, caseStudy: null, featuredNews: [] });
    expect((await ctx.app.inject({ url: '/welcome' })).body).toContain('<h1>built-in hero</h1>');

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
    const featured = await news.create(item('Scholarship results'), null);
    await news.create(item('Eid holiday'), null);

    // Both languages are required; an unknown news item is refused.
    const halfHero = { ...hero, title: { en: 'Only English', bn: '' } };
    const bad = await staff.client.put('/api/staff/landing-config', {
      hero: halfHero,
      testimonials: null,
      caseStudy: null,
      featuredNews: [],
    });
    expect(bad.statusCode).toBe(400);
    const missing = await staff.client.put('/api/staff/landing-config', {
      hero: null,
      testimonials: null,
      caseStudy: null,
      featuredNews: ['no-such-item'],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('LANDING_NEWS_MISSING');

    const saved = await staff.client.put('/api/staff/landing-config', {
      hero,
      testimonials: [
        {
          quote: { en: 'Fees on time.', bn: 'সময়মতো বেতন।' },
          name: 'Nasrin Akter',
          role: { en: 'Teacher', bn: 'শিক্ষক' },
        },
      ],
      caseStudy: null,
      featuredNews: [featured.key],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ hero, updatedBy: 'Support Staff' });

    await expect
      .poll(async () => (await ctx.app.inject({ url: '/welcome' })).body)
      .toContain(`<h1>${hero.title.en}</h1>`);
    const en = (await ctx.app.inject({ url: '/welcome' })).body;
    expect(en).toContain('<li>Nasrin Akter</li>');
    expect(en).toContain('<h2>built-in case</h2>');
    // The featured item comes first, before newer news.
    expect(en).toContain('<div>news: Scholarship results | Eid holiday');
    expect((await ctx.app.inject({ url: '/welcome', cookies: { bw_lng: 'bn' } })).body).toContain(
      `<h1>${hero.title.bn}</h1>`,
    );
    expect((await ctx.app.inject({ url: '/api/site/landing' })).json()).toMatchObject({ hero });
    // The change is on the activity log.
    const logged = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select('event_name')
      .where('subject_type', '=', 'landing-config')
      .execute();
    expect(logged).toEqual([{ event_name: 'Landing Page Changed' }]);
  });

  it('is for staff only', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    expect((await t.client.get('/api/staff/landing-config')).statusCode).toBe(403);
    const body = { hero, testimonials: null, caseStudy: null, featuredNews: [] };
    expect((await t.client.put('/api/staff/landing-config', body)).statusCode).toBe(403);
  });
});
