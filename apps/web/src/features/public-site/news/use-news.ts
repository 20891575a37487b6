import { NEWS_LATEST_COUNT, type NewsItem, newsEndpoints } from '@batchwise/domain';
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, endpointQuery, queryKeyOf } from '../../../lib/api-client';
import { afterPageLoad } from '../../../lib/live-events';
import { useLiveUpdates } from '../../../lib/use-live-updates';

/** The newest 10 (spec §7); the landing page shows the first 3. */
export function useLatestNews() {
  return useQuery(endpointQuery(newsEndpoints.list, { query: { limit: NEWS_LATEST_COUNT } }));
}

/** Featured news items by key, in that order; an item that is gone is left out. */
export function useFeaturedNews(keys: readonly string[]): NewsItem[] {
  const results = useQueries({
    queries: keys.map((key) => ({ ...endpointQuery(newsEndpoints.item, { params: { key } }), retry: false })),
  });
  return results.flatMap((result) => (result.data ? [result.data] : []));
}

/** The blog: pages of 20, each "Load More" fetching the next older page. */
export function useNewsList(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(newsEndpoints.list, { query: { q } }),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => call(newsEndpoints.list, { query: { q, cursor: pageParam }, signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useNewsItem(key: string) {
  return useQuery({
    ...endpointQuery(newsEndpoints.item, { params: { key } }),
    enabled: key !== '',
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}

/** Live news on public pages, connected once the page has loaded (see afterPageLoad). */
export function usePublicLiveUpdates(): void {
  const [ready, setReady] = useState(false);
  useEffect(() => afterPageLoad(() => setReady(true)), []);
  useLiveUpdates(ready);
}
