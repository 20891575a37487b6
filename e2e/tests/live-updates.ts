import type { Page, Response } from '@playwright/test';

/**
 * Resolves once the page's live-update stream is open. Pages connect a moment after they have
 * loaded (apps/web/src/lib/live-events.ts), later still on a busy machine, so a test that
 * publishes something for an open page waits for this instead of for a length of time. The
 * server subscribes a stream before it sends its first byte (events.routes.ts), so whatever is
 * published after the response arrives reaches the page. Start waiting before the navigation.
 */
export function liveUpdatesOpen(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
  );
}
