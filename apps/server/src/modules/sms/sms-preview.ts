import { type SmsPreview, smsContentWarnings, smsQuotaError } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { failure, notFound } from '../../lib/errors';
import { smsPayer } from './sms-quota';
import { SmsQuotaRepository } from './sms-quota.repository';

// What every confirmation shows before a send (compose and spreadsheet templates): who would pay
// and whether they can, and the content warnings of the texts.

/** How many recipients or messages a preview lists for the confirmation. */
export const PREVIEW_SAMPLE_SIZE = 50;
/** A "send later" time this far in the past is taken as now (the clock moved while confirming). */
const PAST_GRACE_MS = 60_000;

/** When a send was asked for: now, or the chosen later time; a time in the past is refused. */
export function askedSendTime(now: number, sendAt: number | null): number {
  if (sendAt !== null && sendAt < now - PAST_GRACE_MS) throw failure(400, 'SMS_SEND_AT_PAST');
  return Math.max(now, sendAt ?? now);
}

export type QuotaCheck = Pick<SmsPreview, 'costPaisa' | 'quota' | 'sharedQuota' | 'quotaMessage'>;

/** Cost and quota of `parts` SMS from this account, with the spec's message when short. */
export async function quotaCheck(
  db: Kysely<Database>,
  accountId: string,
  parts: number,
): Promise<QuotaCheck> {
  const quotas = new SmsQuotaRepository(db);
  const account = await quotas.account(accountId);
  if (!account) throw notFound();
  const payer = await smsPayer(quotas, account, parts);
  return {
    costPaisa: parts * payer.ratePaisa,
    quota: payer.quota,
    sharedQuota: payer.shared,
    quotaMessage: payer.quota < parts ? (smsQuotaError(parts, payer.quota)?.message ?? null) : null,
  };
}

/** The content warnings of all the texts, each warning once with every character it found. */
export function contentWarnings(texts: Iterable<string>, maskedSender: boolean): SmsPreview['warnings'] {
  const found = new Map<SmsPreview['warnings'][number]['code'], Set<string>>();
  for (const text of texts) {
    for (const warning of smsContentWarnings(text, { maskedSender })) {
      const characters = found.get(warning.code) ?? new Set<string>();
      if ('characters' in warning) for (const c of warning.characters) characters.add(c);
      found.set(warning.code, characters);
    }
  }
  return [...found].map(([code, characters]) => ({ code, characters: [...characters] }));
}
