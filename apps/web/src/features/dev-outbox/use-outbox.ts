import { type OutboxItem, siteEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/api-client';

export type { OutboxItem };
export type OutboxKind = OutboxItem['kind'];

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
    ...endpointQuery(siteEndpoints.outbox, { query: { kind } }),
    select: (answer) => sortNewestFirst(answer.items),
    retry: false,
    // Messages appear as other tabs trigger them; a gentle poll keeps the list current.
    refetchInterval: 5_000,
  });
}
