import type { ComponentType } from 'react';
import type { Namespace } from '../../lib/i18n';

interface MarketingPage {
  load: () => Promise<ComponentType>;
  /** Loaded with the page's code, besides `public` (see lazyRoute in router.tsx). */
  namespaces: Namespace[];
}

/**
 * The public pages with real content, by page id (paths.ts `publicPages`). Each is its own
 * chunk with its own translations; pages in neither this list nor link-pages.tsx show the
 * "coming soon" placeholder, and must be listed in not-yet-built.ts.
 */
export const marketingPages: Record<string, MarketingPage> = {
  welcome: {
    load: async () => (await import('../../features/public-site/welcome-page')).WelcomePage,
    namespaces: [],
  },
  blog: {
    load: async () => (await import('../../features/public-site/news/blog-page')).BlogPage,
    namespaces: ['blog'],
  },
  news: {
    load: async () => {
      const { BlogPage } = await import('../../features/public-site/news/blog-page');
      return () => <BlogPage pageId="news" />;
    },
    namespaces: ['blog'],
  },
  openNews: {
    load: async () => (await import('../../features/public-site/news/open-news-page')).OpenNewsPage,
    namespaces: ['blog'],
  },
  pricing: {
    load: async () => (await import('../../features/public-site/pages/pricing-page')).PricingPage,
    namespaces: ['pricing'],
  },
  ai: {
    load: async () => (await import('../../features/public-site/pages/ai-page')).AiPage,
    namespaces: ['ai'],
  },
  caseStudy: {
    load: async () => (await import('../../features/public-site/pages/case-study-page')).CaseStudyPage,
    namespaces: ['company'],
  },
  contact: {
    load: async () => (await import('../../features/public-site/pages/contact-page')).ContactPage,
    namespaces: ['contact', 'domain'],
  },
  careers: {
    load: async () => (await import('../../features/public-site/pages/company-pages')).CareersPage,
    namespaces: ['company'],
  },
  aboutUs: {
    load: async () => (await import('../../features/public-site/pages/company-pages')).AboutPage,
    namespaces: ['company'],
  },
  support: {
    load: async () => (await import('../../features/public-site/pages/company-pages')).SupportPage,
    namespaces: ['company'],
  },
  underMaintenance: {
    load: async () => (await import('../../features/public-site/pages/company-pages')).MaintenancePage,
    namespaces: ['company'],
  },
  sentinel: {
    load: async () => (await import('../../features/public-site/pages/product-pages')).SentinelPage,
    namespaces: ['products'],
  },
  bulkSms: {
    load: async () => (await import('../../features/public-site/pages/product-pages')).SmsGatewayPage,
    namespaces: ['products'],
  },
  terms: {
    load: async () => {
      const { LegalPage } = await import('../../features/public-site/pages/legal-page');
      return () => <LegalPage kind="terms" />;
    },
    namespaces: ['legal'],
  },
  privacy: {
    load: async () => {
      const { LegalPage } = await import('../../features/public-site/pages/legal-page');
      return () => <LegalPage kind="privacy" />;
    },
    namespaces: ['legal'],
  },
};
