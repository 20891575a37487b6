import { INTERFACE_LANGUAGES, NEWS_LANDING_COUNT, type SiteConfig, siteEndpoints } from '@batchwise/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/config';
import { failure } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { EventBus } from '../events/event-bus';
import type { LandingConfigService } from '../landing-config/landing-config.service';
import type { NewsService } from '../news/news.service';
import type { PlansService } from '../plans/plans.service';
import { PageHtml, withNewsItem } from './page-html';
import { escapeHtml, LANGUAGE_COOKIE, PRERENDERED_PATHS, pageLanguage, SITEMAP_PATHS } from './public-pages';
import { LANDING_PARTS, SsrSlot } from './ssr-slot';

export function siteConfigOf(site: Config['publicSite']): SiteConfig {
  const videos = Array.from({ length: 5 }, (_, index) => {
    const url = site.aiVideos[index];
    if (!url) return null;
    return { kind: url.startsWith('/') ? ('file' as const) : ('embed' as const), url };
  });
  return {
    contactEmail: site.contactEmail,
    contactPhone: site.contactPhone ?? null,
    mapEmbedUrl: site.mapEmbedUrl ?? null,
    mapLinkUrl: site.mapLinkUrl,
    supportChatScript: site.supportChatScript ?? null,
    aiVideos: videos,
  };
}

// Areas behind sign-in and developer tools: nothing there for search engines.
const DISALLOWED = [
  '/api/',
  '/dev/',
  '/teacher/',
  '/admin/',
  '/teacherAssistant/',
  '/assistant/',
  '/student/',
  '/parent/',
  '/staff/',
  '/settings',
];

/**
 * The public site's server side: its settings for the pages, sitemap and robots rules, and the
 * marketing pages' pre-rendered HTML in the reader's language (OpenNews with the item's own tags,
 * the landing page with the latest news filled in).
 */
export function siteRoutes(
  app: TypedApp,
  deps: {
    config: Config;
    news: NewsService;
    events: EventBus;
    plans: PlansService;
    landing: LandingConfigService;
  },
): void {
  const { config, news, plans, landing } = deps;
  // Where people reach the site, for canonical and preview URLs: PUBLIC_URL (required in
  // production). Never the request's Host header, which anyone can set and caches would keep.
  const origin = config.appUrl;
  const site = siteConfigOf(config.publicSite);
  const pages = new PageHtml(config.webDist);
  const build = { webDist: config.webDist, webSsr: config.webSsr, log: app.log };
  const latestNews = new SsrSlot({
    ...build,
    name: 'latest-news',
    // Staff's featured items first, then the latest (`/config-landing-page`).
    render: async (bundle, language) =>
      bundle.renderLatestNews(await landing.landingNews(NEWS_LANDING_COUNT), language),
  });
  // The hero, testimonials and case study as staff left them, without a deploy.
  const landingParts = LANDING_PARTS.map(
    (part) =>
      new SsrSlot({
        ...build,
        name: `landing-${part}`,
        render: async (bundle, language) => bundle.renderLanding(part, await landing.current(), language),
      }),
  );
  // The pricing page shows the plan table as staff left it (spec part 1 §9), not build-time copy.
  const pricingPlans = new SsrSlot({
    ...build,
    name: 'pricing-plans',
    render: async (bundle, language) => bundle.renderPricingPlans(await plans.list(), language),
  });
  // Every process hears news and plan changes (PostgreSQL's bus fans out to all), so each cache stays true.
  const stopListening = deps.events.subscribe(['public'], (event) => {
    if (event.type === 'news.changed') latestNews.invalidate();
    if (event.type === 'plans.changed') pricingPlans.invalidate();
    if (event.type === 'landing.changed') for (const slot of [latestNews, ...landingParts]) slot.invalidate();
  });
  app.addHook('onClose', async () => stopListening());
  // Loading the rendering bundle takes a moment; the first visitor to /welcome should not wait.
  app.addHook('onReady', async () => {
    void latestNews.fragment('en').catch(() => undefined);
  });

  route(app, siteEndpoints.config, () => site);

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      `Sitemap: ${origin}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const entries = SITEMAP_PATHS.map((path) => `<url><loc>${escapeHtml(origin + path)}</loc></url>`);
      for (const item of await news.sitemapEntries(1000)) {
        const loc = `${origin}/OpenNews?key=${encodeURIComponent(item.id)}`;
        entries.push(
          `<url><loc>${escapeHtml(loc)}</loc><lastmod>${new Date(item.updated_at).toISOString()}</lastmod></url>`,
        );
      }
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(xml);
    },
  );

  // Translations and the pre-paint script are fetched by every page view; they are served here
  // rather than by the catch-all file handler, whose per-address limit is meant for page probes.
  const STATIC_TYPES = {
    json: 'application/json; charset=utf-8',
    js: 'text/javascript; charset=utf-8',
    svg: 'image/svg+xml',
  };
  const sendStatic = async (file: string, reply: FastifyReply, query: unknown) => {
    const body = await pages.file(file);
    if (body === undefined) throw failure(404, 'NOT_FOUND');
    const type = STATIC_TYPES[file.split('.').pop() as keyof typeof STATIC_TYPES];
    // Locale URLs carry the build id (?v=…), so a new build is a new URL.
    const versioned = typeof (query as { v?: unknown }).v === 'string';
    return reply
      .type(type)
      .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(body);
  };
  app.get(
    '/Locales/:language/:file',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({
          language: z.enum(INTERFACE_LANGUAGES),
          // Namespaces are lower-case words, some hyphenated (report-cards): never a dot or slash.
          file: z.string().regex(/^[a-z][a-z-]{1,29}\.json$/),
        }),
      },
    },
    (request, reply) =>
      sendStatic(`Locales/${request.params.language}/${request.params.file}`, reply, request.query),
  );
  for (const file of ['theme-init.js', 'contact-map.svg']) {
    app.get(`/${file}`, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
      sendStatic(file, reply, request.query),
    );
  }

  route(app, siteEndpoints.latestNews, async (request, reply) => {
    const html = await latestNews.fragment(request.query.lng).catch((err: unknown) => {
      request.log.warn({ err }, 'could not render the landing page news');
      throw failure(503, 'INTERNAL');
    });
    return reply.header('cache-control', 'no-cache').send({ html });
  });

  // The spec's root redirect, answered here so the landing page's HTML comes in one round trip.
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/welcome${search}`, 302);
  });

  const querystring = z
    .object({ key: z.string().max(40).optional(), lng: z.string().max(20).optional() })
    .passthrough();
  for (const pagePath of PRERENDERED_PATHS) {
    // React Router matches paths ignoring case; serve the lower-case spelling the same way.
    const spellings = [...new Set([pagePath, pagePath.toLowerCase()])];
    for (const url of spellings) {
      app.get(
        url,
        { config: { access: 'public' }, schema: { hide: true, querystring } },
        async (request, reply) => {
          const language = pageLanguage(request.query.lng, request.cookies[LANGUAGE_COOKIE]);
          let html = await pages.page(pagePath, language, origin);
          if (!html)
            return reply
              .status(503)
              .type('text/plain')
              .send('The web app is not built: run `npm run build`.');
          const key = request.query.key;
          if (pagePath === '/OpenNews' && key) {
            const item = await news.get(key, true).catch(() => undefined);
            if (item) html = withNewsItem(html, item, origin);
          }
          html = await latestNews.fill(html, language);
          html = await pricingPlans.fill(html, language);
          for (const slot of landingParts) html = await slot.fill(html, language);
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .header('vary', 'Cookie')
            .send(html);
        },
      );
    }
  }
}
