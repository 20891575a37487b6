import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type OutboxKind = 'mail' | 'sms';

export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  to: string;
  subject: string | null;
  body: string;
  createdAt: number;
}

export const outboxQueryKey = (kind: OutboxKind) => ['dev', 'outbox', kind] as const;

/** Newest first, whatever order the server used: the page reads like an inbox. */
export function sortNewestFirst(items: readonly OutboxItem[]): OutboxItem[] {
  return [...items].sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * Messages the console mail/SMS drivers kept instead of sending. The server answers 404 when
 * outboxes are off (production drivers); the page explains that rather than showing an error.
 */
export function useOutbox(kind: OutboxKind) {
  return useQuery({
    queryKey: outboxQueryKey(kind),
    queryFn: async ({ signal }) => {
      const response = await api.get<{ items: OutboxItem[] }>(`/api/dev/outbox?kind=${kind}`, signal);
      return sortNewestFirst(response.items);
    },
    retry: false,
    // Messages appear as other tabs trigger them; a gentle poll keeps the list current.
    refetchInterval: 5_000,
  });
}
