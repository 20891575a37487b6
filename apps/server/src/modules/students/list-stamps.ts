import type { ListVersionRow } from '../../db/pg-table-stamps';

/**
 * What the students list's stamps say (migrations 0005, 0084; src/CACHING.md): `versions` moves on
 * every change a list shows, `order` only when which students a page holds or their order may
 * have moved, and each account's `recentRows` names the students its latest row-only changes
 * touched. Each string compares as it is.
 */
export interface ListStamps {
  versions: string;
  order: string;
  accounts: readonly AccountStamp[];
}

export interface AccountStamp {
  accountId: string;
  version: number;
  /** The list version less its row-only changes. */
  order: number;
  /** `<version>:<student id>` lines, newest first, the oldest possibly cut short. */
  recentRows: string;
}

/**
 * The students whose rows changed after list version `since`, from an account's record of recent
 * row-only changes; null when the record does not reach back that far (its oldest changes were
 * cut off), so the caller cannot know and reads afresh. Only meaningful while the account's order
 * stamp is the one it was at `since`: every change since was then a row-only one.
 */
export function rowsChangedSince(recentRows: string, since: number): Set<string> | null {
  const ids = new Set<string>();
  // Read line by line from the newest, only as far as `since`: most pages are a change or two
  // behind. Only whole lines count: the part after the last line break is empty or cut short.
  for (let start = 0, end = recentRows.indexOf('\n'); end !== -1; end = recentRows.indexOf('\n', start)) {
    const colon = recentRows.indexOf(':', start);
    if (Number(recentRows.slice(start, colon)) <= since) return ids;
    ids.add(recentRows.slice(colon + 1, end));
    start = end + 1;
  }
  return null;
}

/**
 * The list stamps of these accounts from their `list_versions` rows: `versions` moves on every
 * change the list shows, `order` only when which students a page holds or their order may have
 * moved (the list version less its row-only changes), and each account's version with its record
 * of recent row-only changes (migration 0084).
 */
export function listStampsOf(accountIds: readonly string[], rows: readonly ListVersionRow[]): ListStamps {
  const accounts = accountIds.map((accountId) => {
    const row = rows.find((r) => r.account_id === accountId);
    const version = Number(row?.version ?? 0);
    return {
      accountId,
      version,
      order: version - Number(row?.row_changes ?? 0),
      recentRows: row?.recent_rows ?? '',
    };
  });
  return {
    versions: accounts.map((a) => `${a.accountId}:${a.version}`).join(','),
    order: accounts.map((a) => `${a.accountId}:${a.order}`).join(','),
    accounts,
  };
}
