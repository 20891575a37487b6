import '@fontsource/hind-siliguri/400.css';
import '@fontsource/hind-siliguri/500.css';
import '@fontsource/hind-siliguri/600.css';
import '@fontsource/hind-siliguri/700.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, routerReady } from './app/router';
import { initI18n } from './lib/i18n';
import { initTheme } from './lib/theme-store';

// Theme and language go on <html> before the first render, so nothing flashes in the wrong one.
initTheme();
const i18nReady = initI18n();

// After a deploy, chunks of the previous build are gone: one reload picks up the new build.
// The timestamp stops a loop when the chunk is missing for another reason (then the 500 page shows).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'bw-chunk-reload-at';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 30_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );

// A pre-rendered page (scripts/prerender.ts) stays on screen until the app can draw the same page
// complete, texts and code loaded: rendering earlier would swap it for a loading screen.
if (container.dataset.prerendered) {
  void Promise.all([i18nReady, routerReady(router)]).then(render, render);
} else {
  render();
}
