import { CSRF_HEADER, type NewsInput, type NewsItem, newsEndpoints } from '@batchwise/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKeyOf, refresh, urlOf } from '../../lib/api-client';

export function useStaffNews(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(newsEndpoints.staffList, { query: { q } }),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      call(newsEndpoints.staffList, { query: { q, cursor: pageParam }, signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Saves (creates or updates) and deletes; every change refreshes all news queries. */
export function useNewsMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => refresh(queryClient, 'news');
  const save = useMutation({
    mutationFn: ({ key, input }: { key?: string; input: NewsInput }) =>
      key
        ? call(newsEndpoints.update, { params: { key }, body: input })
        : call(newsEndpoints.create, { body: input }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (key: string) => call(newsEndpoints.remove, { params: { key } }),
    onSuccess,
  });
  return { save, remove };
}

/** The image goes up as the raw request body, typed by its own content type. */
export async function uploadNewsImage(file: File): Promise<{ image: string; url: string }> {
  const response = await fetch(urlOf(newsEndpoints.uploadImage), {
    method: 'POST',
    body: file,
    credentials: 'same-origin',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      [CSRF_HEADER]: '1',
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
