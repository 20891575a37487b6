import type { Deps } from '../../deps';
import type { TypedApp } from '../../lib/typed-app';
import type { CspAllowances } from '../../plugins/security-headers';
import { ContactRepository } from '../contact/contact.repository';
import { contactRoutes } from '../contact/contact.routes';
import { ContactService } from '../contact/contact.service';
import { mediaRoutes } from '../news/media.routes';
import { NewsRepository } from '../news/news.repository';
import { newsRoutes } from '../news/news.routes';
import { NewsService } from '../news/news.service';
import { siteRoutes } from './site.routes';

export function createNewsService(deps: Pick<Deps, 'db' | 'storage' | 'events' | 'clock'>): NewsService {
  return new NewsService(new NewsRepository(deps.db.kysely), deps.storage, deps.events, deps.clock);
}

/** The public site: news (public reads, staff editor, images), the contact form, pages and SEO files. */
export function registerPublicSite(
  app: TypedApp,
  deps: Pick<Deps, 'config' | 'db' | 'storage' | 'events' | 'clock' | 'jobs' | 'limiter'>,
): void {
  const news = createNewsService(deps);
  const contact = new ContactService(
    new ContactRepository(deps.db.kysely),
    deps.jobs,
    deps.clock,
    deps.limiter,
    deps.config.publicSite.contactEmail,
  );
  newsRoutes(app, news);
  mediaRoutes(app, deps.storage);
  contactRoutes(app, contact);
  siteRoutes(app, { config: deps.config, news, events: deps.events });
}

const originOf = (url: string | undefined) => (url && !url.startsWith('/') ? new URL(url).origin : undefined);
const defined = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * The Content-Security-Policy additions the configured embeds need. With nothing configured
 * this is empty and the policy stays same-origin only.
 */
export function cspAllowances(site: Deps['config']['publicSite']): CspAllowances {
  const chat = originOf(site.supportChatScript);
  return {
    scriptSrc: defined([chat]),
    connectSrc: defined([chat]),
    imgSrc: defined([chat]),
    frameSrc: defined([originOf(site.mapEmbedUrl), chat, ...site.aiVideos.map(originOf)]),
  };
}
