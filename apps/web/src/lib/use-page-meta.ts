import { useEffect } from 'react';

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string): void {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

const meta = (key: 'name' | 'property', name: string) => () => {
  const element = document.createElement('meta');
  element.setAttribute(key, name);
  return element;
};

/**
 * Title, description, canonical URL and Open Graph tags of a public page, kept in step while
 * people move between pages. The first HTML already carries them (pre-rendered); this keeps
 * them right after client-side navigation and language changes.
 */
export function usePageMeta(title: string | undefined, description?: string, canonicalPath?: string): void {
  useEffect(() => {
    const fullTitle = title ? `${title} · Batchwise` : 'Batchwise';
    document.title = fullTitle;
    setMeta('meta[property="og:title"]', meta('property', 'og:title'), 'content', title ?? 'Batchwise');
    if (description) {
      setMeta('meta[name="description"]', meta('name', 'description'), 'content', description);
      setMeta('meta[property="og:description"]', meta('property', 'og:description'), 'content', description);
    }
    const url = `${window.location.origin}${canonicalPath ?? window.location.pathname}`;
    setMeta(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      url,
    );
    setMeta('meta[property="og:url"]', meta('property', 'og:url'), 'content', url);
  }, [title, description, canonicalPath]);
}
