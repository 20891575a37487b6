import type { NewsInput, NewsItem, NewsPage } from '@batchwise/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const staffNewsKey = (q: string) => ['news', 'staff', q] as const;

export function useStaffNews(q: string) {
  return useInfiniteQuery({
    queryKey: staffNewsKey(q),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<NewsPage>(`/api/staff/news?${params.toString()}`, signal);
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Saves (creates or updates) and deletes; every change refreshes all news queries. */
export function useNewsMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['news'] });
  const save = useMutation({
    mutationFn: ({ key, input }: { key?: string; input: NewsInput }) =>
      key
        ? api.put<NewsItem>(`/api/staff/news/${encodeURIComponent(key)}`, input)
        : api.post<NewsItem>('/api/staff/news', input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (key: string) => api.delete<void>(`/api/staff/news/${encodeURIComponent(key)}`),
    onSuccess: refresh,
  });
  return { save, remove };
}

/** The image goes up as the raw request body, typed by its own content type. */
export async function uploadNewsImage(file: File): Promise<{ image: string; url: string }> {
  const response = await fetch('/api/staff/news/images', {
    method: 'POST',
    body: file,
    credentials: 'same-origin',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      'x-batchwise-csrf': '1',
      accept: 'application/json',
    },
  });
  const body = (await response.json().catch(() => ({}))) as {
    image?: string;
    url?: string;
    error?: { code: string; message: string };
  };
  if (!response.ok || !body.image || !body.url) {
    throw Object.assign(new Error(body.error?.message ?? 'Upload failed'), {
      code: body.error?.code ?? `HTTP_${response.status}`,
    });
  }
  return { image: body.image, url: body.url };
}

/** The input the API takes, from an item as it reads it. */
export function toInput(item: NewsItem, status = item.status): NewsInput {
  return {
    title: item.title,
    description: item.description,
    author: item.author,
    type: item.type,
    label: item.label,
    image: item.image ? item.image.replace(/^\/media\//, '') : null,
    date: item.date,
    status,
  };
}
