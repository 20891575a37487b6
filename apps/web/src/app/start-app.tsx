import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n';
import { App } from './app';
import { createAppRouter, routerReady } from './router';

/** Starts the React app in `container`: every page but the static marketing ones (main.tsx). */
export function startApp(container: HTMLElement): void {
  const i18nReady = initI18n();

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
}
