import type { Clock } from '../../lib/clock';
import { GatewayError, paisaToDecimal } from './sslcommerz';

// bKash Tokenized Checkout v1.2.0-beta (research/integrations.md §2): grant/refresh a token per
// merchant, create, execute, query status. A thin typed client over fetch: the npm packages keep
// one token in process-global storage, which is wrong for many merchants (§2.6).

export interface BkashCredentials {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  live: boolean;
}

export type BkashHosts = (live: boolean) => string;

export const BKASH_HOSTS: BkashHosts = (live) =>
  `https://tokenized.${live ? 'pay' : 'sandbox'}.bka.sh/v1.2.0-beta/tokenized/checkout`;

/** The fields of create / execute / status answers we read (§2.3). */
export interface BkashPayment {
  statusCode?: string;
  statusMessage?: string;
  paymentID?: string;
  bkashURL?: string;
  trxID?: string;
  amount?: string;
  currency?: string;
  transactionStatus?: string;
  merchantInvoiceNumber?: string;
}

interface Token {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** Tokens are renewed this long before bKash's own expiry, so a call never carries a dying one. */
const TOKEN_MARGIN_MS = 5 * 60_000;

export class BkashClient {
  /** Per merchant (app key + username + mode), never shared between accounts' merchants. */
  private readonly tokens = new Map<string, Token>();

  constructor(
    private readonly hosts: BkashHosts,
    private readonly timeoutMs: number,
    private readonly clock: Clock,
  ) {}

  create(
    creds: BkashCredentials,
    input: { amountPaisa: number; invoice: string; callbackUrl: string; payerReference: string },
  ): Promise<BkashPayment> {
    return this.authorised(creds, 'create', {
      mode: '0011',
      payerReference: input.payerReference,
      callbackURL: input.callbackUrl,
      amount: paisaToDecimal(input.amountPaisa),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: input.invoice,
    });
  }

  /** Call once per paymentID (the caller guarantees it); a timeout throws GatewayError(timedOut). */
  execute(creds: BkashCredentials, paymentID: string): Promise<BkashPayment> {
    return this.authorised(creds, 'execute', { paymentID });
  }

  status(creds: BkashCredentials, paymentID: string): Promise<BkashPayment> {
    return this.authorised(creds, 'payment/status', { paymentID });
  }

  /** Refund (v1, §2.2): answers `refundTrxID` and `transactionStatus: 'Completed'` when done. */
  refund(
    creds: BkashCredentials,
    input: { paymentID: string; trxID: string; amountPaisa: number; reason: string },
  ): Promise<BkashPayment & { refundTrxID?: string }> {
    return this.authorised(creds, 'payment/refund', {
      paymentID: input.paymentID,
      trxID: input.trxID,
      amount: paisaToDecimal(input.amountPaisa),
      sku: 'fees',
      reason: input.reason.slice(0, 255),
    });
  }

  private async authorised(creds: BkashCredentials, path: string, body: object): Promise<BkashPayment> {
    let token = await this.token(creds);
    try {
      return await this.post(creds, path, body, { authorization: token, 'x-app-key': creds.appKey });
    } catch (err) {
      // A token bKash no longer takes (401): grant a new one and try once more, as the official
      // plugin does. Never for execute: a second execute must not be sent blindly.
      if (!(err instanceof UnauthorisedError) || path === 'execute') throw err;
      this.tokens.delete(tokenKey(creds));
      token = await this.token(creds);
      return this.post(creds, path, body, { authorization: token, 'x-app-key': creds.appKey });
    }
  }

  private async token(creds: BkashCredentials): Promise<string> {
    const key = tokenKey(creds);
    const now = this.clock.now();
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > now) return cached.idToken;
    const headers = { username: creds.username, password: creds.password };
    const grant = cached
      ? await this.post(
          creds,
          'token/refresh',
          {
            app_key: creds.appKey,
            app_secret: creds.appSecret,
            refresh_token: cached.refreshToken,
          },
          headers,
        ).catch(() => undefined)
      : undefined;
    const answer =
      grant?.id_token !== undefined
        ? grant
        : await this.post(
            creds,
            'token/grant',
            { app_key: creds.appKey, app_secret: creds.appSecret },
            headers,
          );
    if (typeof answer.id_token !== 'string')
      throw new GatewayError(
        `bKash refused the token: ${answer.statusMessage ?? answer.statusCode ?? 'no answer'}`,
      );
    this.tokens.set(key, {
      idToken: answer.id_token,
      refreshToken: String(answer.refresh_token ?? ''),
      expiresAt: now + Number(answer.expires_in ?? 3600) * 1000,
    });
    return answer.id_token;
  }

  private async post(
    creds: BkashCredentials,
    path: string,
    body: object,
    headers: Record<string, string>,
  ): Promise<BkashPayment & Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${this.hosts(creds.live)}/${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new GatewayError(`bKash unreachable: ${(err as Error).message}`, timedOut);
    }
    if (response.status === 401) throw new UnauthorisedError('bKash refused the token');
    if (!response.ok) throw new GatewayError(`bKash answered HTTP ${response.status}`);
    try {
      return (await response.json()) as BkashPayment & Record<string, unknown>;
    } catch {
      throw new GatewayError('bKash answered something other than JSON');
    }
  }
}

class UnauthorisedError extends GatewayError {}

const tokenKey = (c: BkashCredentials) => `${c.live ? 'live' : 'sandbox'} ${c.appKey} ${c.username}`;
