import type { Config } from '../../config/config';
import type { Storage } from '../../drivers/storage/storage';
import type { TypedApp } from '../../lib/typed-app';
import type { CspAllowances } from '../../plugins/security-headers';
import { contactRoutes } from '../contact/contact.routes';
import type { ContactService } from '../contact/contact.service';
import type { EventBus } from '../events/event-bus';
import { landingConfigRoutes } from '../landing-config/landing-config.routes';
import type { LandingConfigService } from '../landing-config/landing-config.service';
import { mediaRoutes } from '../news/media.routes';
import { newsRoutes } from '../news/news.routes';
import type { NewsService } from '../news/news.service';
import type { PlansService } from '../plans/plans.service';
import { siteRoutes } from './site.routes';

/**
 * The public site: news (public reads, staff editor, images), the landing page's content (staff
 * editor), the contact form, pages and SEO files.
 */
export function registerPublicSite(
  app: TypedApp,
  deps: {
    config: Config;
    storage: Storage;
    events: EventBus;
    news: NewsService;
    contact: ContactService;
    plans: PlansService;
    landing: LandingConfigService;
  },
): void {
  newsRoutes(app, deps.news);
  mediaRoutes(app, deps.storage);
  contactRoutes(app, deps.contact);
  landingConfigRoutes(app, deps.landing);
  siteRoutes(app, {
    config: deps.config,
    news: deps.news,
    events: deps.events,
    plans: deps.plans,
    landing: deps.landing,
  });
}

const originOf = (url: string | undefined) => (url && !url.startsWith('/') ? new URL(url).origin : undefined);
const defined = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * The Content-Security-Policy additions the configured embeds need. With nothing configured
 * this is empty and the policy stays same-origin only.
 */
export function cspAllowances(site: Config['publicSite']): CspAllowances {
  const chat = originOf(site.supportChatScript);
  return {
    scriptSrc: defined([chat]),
    connectSrc: defined([chat]),
    imgSrc: defined([chat]),
    frameSrc: defined([originOf(site.mapEmbedUrl), chat, ...site.aiVideos.map(originOf)]),
  };
}
