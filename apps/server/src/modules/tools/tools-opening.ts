import { TOOL_CATALOGUE, type ToolKey } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ToolsRepository } from './tools.repository';

/**
 * Installs tools without expiry on an account being opened (sign-up, a teacher made by an admin,
 * the demo seed), inside the opening transaction. The caller asks the plans module which: the
 * starting plan's tools (PlansService.startingTools).
 */
export async function installOpeningTools(
  trx: Kysely<Database>,
  accountId: string,
  keys: readonly ToolKey[],
  now: number,
): Promise<void> {
  const repo = new ToolsRepository(trx);
  for (const tool of TOOL_CATALOGUE.filter((t) => keys.includes(t.key))) {
    await repo.install({
      account_id: accountId,
      tool_key: tool.key,
      route: tool.page,
      expires_at: null,
      installed_at: now,
    });
  }
}
