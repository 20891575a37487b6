// Runs before the first paint (a plain, render-blocking script: the CSP forbids inline ones).
// It applies the stored theme so dark-theme readers never see a light flash, and keeps the
// language cookie in step with the stored language so the server sends pre-rendered pages in it.
// Mirrors src/lib/theme.ts and src/lib/language.ts; keep them in step.
(() => {
  const root = document.documentElement;
  let store = null;
  try {
    store = window.localStorage;
  } catch {}
  const params = new URLSearchParams(window.location.search);
  const read = (key) => {
    try {
      return store ? store.getItem(key) : null;
    } catch {
      return null;
    }
  };
  const pick = (param, key, allowed, fallback) => {
    const alias = { lite: 'light' };
    for (const raw of [param ? params.get(param) : null, read(key)]) {
      const value = raw ? raw.trim().toLowerCase() : '';
      const normal = alias[value] || value;
      if (allowed.includes(normal)) return normal;
    }
    return fallback;
  };
  const mode = pick('theme', 'theme', ['light', 'dark'], 'light');
  root.dataset.theme = mode;
  root.dataset.layout = pick('layout-type', 'layout-type', ['full', 'boxed', 'framed'], 'full');
  root.dataset.navStyle = pick('nav-style', 'nav-style', ['fixed', 'mini-sidebar', 'drawer'], 'fixed');
  const themeDirection = pick(null, 'direction', ['ltr', 'rtl'], 'ltr');
  root.style.colorScheme = mode;

  // The interface languages (packages/domain/src/text/languages.ts) and the right-to-left ones.
  const languages = ['en', 'bn', 'zh', 'ar', 'it', 'es', 'fr'];
  const rtl = ['ar'];
  const base = (raw) => (raw || '').trim().toLowerCase().split(/[-_]/)[0];
  // `?lng=` first (a link shared in one language), then what was stored.
  // Nothing stored (first visit, or storage cleared): keep the language the server chose from
  // the cookie, rather than throwing the page away for English. Stored so the app agrees.
  const language =
    [params.get('lng'), read('lng'), read('ln'), root.getAttribute('lang')]
      .map(base)
      .find((l) => languages.includes(l)) || 'en';
  try {
    if (store) for (const key of ['lng', 'ln']) store.setItem(key, language);
  } catch {}
  root.dir = rtl.includes(language) ? 'rtl' : themeDirection;
  if (!document.cookie.includes(`bw_lng=${language}`)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older phones' browsers
    document.cookie = `bw_lng=${language}; path=/; max-age=31536000; samesite=lax`;
  }
  // A page pre-rendered in the other language stays hidden until the app renders it in this one.
  const prerendered = root.getAttribute('lang');
  if (prerendered && prerendered !== language) root.classList.add('bw-language-pending');
})();
