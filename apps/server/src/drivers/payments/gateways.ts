import type { Config } from '../../config/config';
import type { Clock } from '../../lib/clock';
import { BKASH_HOSTS, BkashClient } from './bkash';
import { type BkashStandIn, startBkashStandIn } from './bkash-stand-in';
import { SSLCOMMERZ_HOSTS, SslCommerzClient } from './sslcommerz';
import { type SslCommerzStandIn, startSslCommerzStandIn } from './sslcommerz-stand-in';

export interface PaymentStandIns {
  sslcommerz: SslCommerzStandIn;
  bkash: BkashStandIn;
}

/**
 * The payment gateway clients. With PAYMENT_DRIVER=stand-in (development and
 * tests) both talk to loopback stand-ins, started on first use so processes that never take a
 * payment open no port; sandbox and live then go to the same stand-in.
 */
export interface PaymentGateways {
  sslcommerz: SslCommerzClient;
  bkash: BkashClient;
  /** Starts the stand-ins if this process uses them; call before any gateway call. */
  ready(): Promise<void>;
  /** The stand-ins (started), or null with the real gateways. */
  standIns(): Promise<PaymentStandIns | null>;
  close(): Promise<void>;
}

export function createPaymentGateways(
  config: Pick<Config, 'payments' | 'env' | 'publicUrl'>,
  clock: Clock,
): PaymentGateways {
  const { driver, timeoutMs } = config.payments;
  if (driver === 'real') {
    return {
      sslcommerz: new SslCommerzClient(SSLCOMMERZ_HOSTS, timeoutMs),
      bkash: new BkashClient(BKASH_HOSTS, timeoutMs, clock),
      ready: async () => undefined,
      standIns: async () => null,
      close: async () => undefined,
    };
  }
  let started: Promise<PaymentStandIns | null> | undefined;
  const given = config.payments.urls;
  let urls = { sslcommerz: given.sslcommerz ?? '', bkash: given.bkash ?? '' };
  const start = () => {
    started ??= (async () => {
      // Stand-ins run elsewhere (the bench's own): nothing to start here.
      if (given.sslcommerz && given.bkash) return null;
      // Unit tests deliver IPNs themselves (no server listens, and PUBLIC_URL is unset: the
      // default address could be anyone's); a developer's and the browser tests' stand-in posts them.
      const postIpn = config.env !== 'test' || config.publicUrl !== undefined;
      const sslcommerz = await startSslCommerzStandIn(0, { postIpn });
      const bkash = await startBkashStandIn(0);
      urls = { sslcommerz: given.sslcommerz ?? sslcommerz.url, bkash: given.bkash ?? bkash.url };
      return { sslcommerz, bkash };
    })();
    return started;
  };
  return {
    sslcommerz: new SslCommerzClient(() => urls.sslcommerz, timeoutMs),
    bkash: new BkashClient(() => urls.bkash, timeoutMs, clock),
    ready: async () => {
      await start();
    },
    standIns: start,
    close: async () => {
      if (!started) return;
      const s = await started;
      if (s) await Promise.allSettled([s.sslcommerz.close(), s.bkash.close()]);
    },
  };
}
