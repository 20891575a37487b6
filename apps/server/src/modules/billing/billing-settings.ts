import { type BillingSettings, DEFAULT_BILLING_SETTINGS } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { BillingRepository } from './billing.repository';

/** The billing settings staff saved, over the defaults (a key added later takes its default). */
export async function readBillingSettings(db: Kysely<Database>): Promise<BillingSettings> {
  const row = await new BillingRepository(db).settings();
  return {
    ...DEFAULT_BILLING_SETTINGS,
    ...(row ? (JSON.parse(row.settings) as Partial<BillingSettings>) : {}),
  };
}
