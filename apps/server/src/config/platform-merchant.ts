import { z } from 'zod';
import type { BkashCredentials } from '../drivers/payments/bkash';
import type { SslCommerzCredentials } from '../drivers/payments/sslcommerz';

// The platform's own merchant: plans and SMS packs are paid to Batchwise itself, through its
// own SSLCommerz store and bKash merchant (apps/server/README.md "Paying the platform"). Apart from config.ts so
// that file stays short; config.ts spreads these settings into its environment schema.

export const PLATFORM_MERCHANT_ENV = {
  PLATFORM_PAYMENT_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  PLATFORM_SSLCOMMERZ_STORE_ID: z.string().min(1).optional(),
  PLATFORM_SSLCOMMERZ_STORE_PASSWORD: z.string().min(1).optional(),
  PLATFORM_BKASH_APP_KEY: z.string().min(1).optional(),
  PLATFORM_BKASH_APP_SECRET: z.string().min(1).optional(),
  PLATFORM_BKASH_USERNAME: z.string().min(1).optional(),
  PLATFORM_BKASH_PASSWORD: z.string().min(1).optional(),
};

type PlatformMerchantEnv = z.output<z.ZodObject<typeof PLATFORM_MERCHANT_ENV>>;

export interface PlatformMerchantCredentials {
  sslcommerz?: SslCommerzCredentials;
  bkash?: BkashCredentials;
}

/** The platform's merchant credentials from the environment; the stand-ins' made-up ones when unset. */
export function platformMerchant(e: PlatformMerchantEnv, standIn: boolean): PlatformMerchantCredentials {
  const live = e.PLATFORM_PAYMENT_MODE === 'live';
  const sslcommerz =
    e.PLATFORM_SSLCOMMERZ_STORE_ID && e.PLATFORM_SSLCOMMERZ_STORE_PASSWORD
      ? { storeId: e.PLATFORM_SSLCOMMERZ_STORE_ID, storePassword: e.PLATFORM_SSLCOMMERZ_STORE_PASSWORD, live }
      : standIn
        ? { storeId: 'batchwiseplatform', storePassword: 'platform-store', live: false }
        : undefined;
  const bkash =
    e.PLATFORM_BKASH_APP_KEY &&
    e.PLATFORM_BKASH_APP_SECRET &&
    e.PLATFORM_BKASH_USERNAME &&
    e.PLATFORM_BKASH_PASSWORD
      ? {
          appKey: e.PLATFORM_BKASH_APP_KEY,
          appSecret: e.PLATFORM_BKASH_APP_SECRET,
          username: e.PLATFORM_BKASH_USERNAME,
          password: e.PLATFORM_BKASH_PASSWORD,
          live,
        }
      : standIn
        ? {
            appKey: 'platform-app-key',
            appSecret: 'platform-secret',
            username: 'platformMerchant',
            password: 'platform-pass',
            live: false,
          }
        : undefined;
  return { sslcommerz, bkash };
}
