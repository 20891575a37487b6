import { NEWS_LATEST_COUNT, type NewsItem, type NewsPage } from '@batchwise/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { afterPageLoad } from '../../../lib/live-events';
import { useLiveUpdates } from '../../../lib/use-live-updates';

/** Every news query starts with 'news', the key the server's live updates name. */
export const newsKeys = {
  latest: ['news', 'latest'] as const,
  list: (q: string) => ['news', 'list', q] as const,
  item: (key: string) => ['news', 'item', key] as const,
};

/** The newest 10 (spec §7); the landing page shows the first 3. */
export function useLatestNews() {
  return useQuery({
    queryKey: newsKeys.latest,
    queryFn: ({ signal }) => api.get<NewsPage>(`/api/news?limit=${NEWS_LATEST_COUNT}`, signal),
  });
}

/** The blog: pages of 20, each "Load More" fetching the next older page. */
export function useNewsList(q: string) {
  return useInfiniteQuery({
    queryKey: newsKeys.list(q),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<NewsPage>(`/api/news?${params.toString()}`, signal);
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useNewsItem(key: string) {
  return useQuery({
    queryKey: newsKeys.item(key),
    queryFn: ({ signal }) => api.get<NewsItem>(`/api/news/${encodeURIComponent(key)}`, signal),
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
