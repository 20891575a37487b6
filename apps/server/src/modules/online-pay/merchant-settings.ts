import type { MerchantSettingsInput, MerchantSettingsView, PaymentGateway } from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { MerchantSettingsTable } from '../../db/schema-online-pay';
import type { BkashCredentials } from '../../drivers/payments/bkash';
import type { SslCommerzCredentials } from '../../drivers/payments/sslcommerz';
import type { SecretBox } from './secret-box';

// An account's merchant settings: credentials are sealed per gateway and only
// opened to call the gateway; what the browser sees says which are set, never what they are.

type Row = Selectable<MerchantSettingsTable>;
interface SslSecret {
  storeId?: string;
  storePassword?: string;
}
interface BkashSecret {
  appKey?: string;
  appSecret?: string;
  username?: string;
  password?: string;
}

const hint = (value: string | undefined) =>
  value ? { set: true, hint: value.length > 6 ? `…${value.slice(-3)}` : '…' } : { set: false, hint: null };
const secret = (value: string | undefined) => ({ set: Boolean(value), hint: null });

export function openSsl(box: SecretBox, row: Row | undefined): SslSecret {
  return (row?.sslcommerz_secret && box.open<SslSecret>(row.sslcommerz_secret, row.account_id)) || {};
}

export function openBkash(box: SecretBox, row: Row | undefined): BkashSecret {
  return (row?.bkash_secret && box.open<BkashSecret>(row.bkash_secret, row.account_id)) || {};
}

/** The credentials to call SSLCommerz with, when the account has it switched on and complete. */
export function sslCredentials(box: SecretBox, row: Row | undefined): SslCommerzCredentials | undefined {
  const s = openSsl(box, row);
  if (!row?.sslcommerz_enabled || !s.storeId || !s.storePassword) return undefined;
  return { storeId: s.storeId, storePassword: s.storePassword, live: row.sslcommerz_mode === 'live' };
}

export function bkashCredentials(box: SecretBox, row: Row | undefined): BkashCredentials | undefined {
  const s = openBkash(box, row);
  if (!row?.bkash_enabled || !s.appKey || !s.appSecret || !s.username || !s.password) return undefined;
  return {
    appKey: s.appKey,
    appSecret: s.appSecret,
    username: s.username,
    password: s.password,
    live: row.bkash_mode === 'live',
  };
}

export function readyGateways(box: SecretBox, row: Row | undefined): PaymentGateway[] {
  const ready: PaymentGateway[] = [];
  if (sslCredentials(box, row)) ready.push('sslcommerz');
  if (bkashCredentials(box, row)) ready.push('bkash');
  return ready;
}

export function settingsView(
  box: SecretBox,
  row: Row | undefined,
  onlinePayment: boolean,
): MerchantSettingsView {
  const ssl = openSsl(box, row);
  const bkash = openBkash(box, row);
  return {
    onlinePayment,
    sslcommerz: {
      enabled: Boolean(row?.sslcommerz_enabled),
      mode: row?.sslcommerz_mode ?? 'sandbox',
      ready: sslCredentials(box, row) !== undefined,
      storeId: hint(ssl.storeId),
      storePassword: secret(ssl.storePassword),
    },
    bkash: {
      enabled: Boolean(row?.bkash_enabled),
      mode: row?.bkash_mode ?? 'sandbox',
      ready: bkashCredentials(box, row) !== undefined,
      appKey: hint(bkash.appKey),
      appSecret: secret(bkash.appSecret),
      username: hint(bkash.username),
      password: secret(bkash.password),
    },
    updatedAt: row ? Number(row.updated_at) : null,
  };
}

/** Absent keeps a credential, empty clears it, text replaces it. */
function merge<T extends object>(current: T, changes: object): T {
  const next: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(changes)) {
    if (
      value === undefined ||
      !['storeId', 'storePassword', 'appKey', 'appSecret', 'username', 'password'].includes(key)
    )
      continue;
    next[key] = value === '' ? undefined : value;
  }
  return next as T;
}

/** The row to save for these changes over the current one. */
export function applySettings(
  box: SecretBox,
  accountId: string,
  row: Row | undefined,
  input: MerchantSettingsInput,
  now: number,
  by: string | null,
): Selectable<MerchantSettingsTable> {
  const ssl = merge(openSsl(box, row), input.sslcommerz ?? {});
  const bkash = merge(openBkash(box, row), input.bkash ?? {});
  const anySet = (o: object) => Object.values(o).some(Boolean);
  return {
    account_id: accountId,
    sslcommerz_enabled: (input.sslcommerz?.enabled ?? Boolean(row?.sslcommerz_enabled)) ? 1 : 0,
    sslcommerz_mode: input.sslcommerz?.mode ?? row?.sslcommerz_mode ?? 'sandbox',
    sslcommerz_secret: anySet(ssl) ? box.seal(ssl, accountId) : null,
    bkash_enabled: (input.bkash?.enabled ?? Boolean(row?.bkash_enabled)) ? 1 : 0,
    bkash_mode: input.bkash?.mode ?? row?.bkash_mode ?? 'sandbox',
    bkash_secret: anySet(bkash) ? box.seal(bkash, accountId) : null,
    updated_at: now,
    updated_by_user_id: by,
  };
}
