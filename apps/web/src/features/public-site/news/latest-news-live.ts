import { afterPageLoad, connectLiveEvents } from '../../../lib/live-events';

const SLOT = '[data-news-slot]';

let latestRequest = 0;

/** Swaps in the server's fresh rendering of the cards; an older answer never overwrites a newer. */
async function refresh(language: string): Promise<void> {
  const request = ++latestRequest;
  // The path of siteEndpoints.latestNews, written out: importing the contract would put zod in
  // the static pages' entry script, which is kept small (static-page.ts).
  const response = await fetch(`/api/site/latest-news?lng=${encodeURIComponent(language)}`);
  if (!response.ok || request !== latestRequest) return;
  const { html } = (await response.json()) as { html: string };
  const slot = document.querySelector(SLOT);
  if (slot && request === latestRequest) slot.outerHTML = html;
}

/**
 * Live news on the static /welcome page: on a news event the server's rendering of the cards
 * (the same React components, rendered server-side) replaces the old ones. A few lines instead of
 * booting the app for the one live part of the page.
 */
export function keepLatestNewsLive(): void {
  const language = document.documentElement.lang;
  const update = () => void refresh(language).catch(() => undefined);
  afterPageLoad(() => {
    connectLiveEvents({
      onEvent: (event) => {
        if (event.stale?.some(({ resource }) => resource === 'news')) update();
      },
      onReconnect: update,
    });
  });
}
