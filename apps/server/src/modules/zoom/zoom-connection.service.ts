import crypto from 'node:crypto';
import type { ZoomConnection } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { ZoomDriver } from '../../drivers/zoom/zoom';
import type { ZoomClient, ZoomTokens } from '../../drivers/zoom/zoom-client';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { digest } from '../auth/tokens';
import type { SecretBox } from '../online-pay/secret-box';
import { ZoomRepository } from './zoom.repository';

/** An authorisation must come back within this long. */
const STATE_TTL_MS = 10 * 60_000;
/** An access token this close to its end is refreshed before use (Zoom's live an hour). */
const REFRESH_MARGIN_MS = 5 * 60_000;

interface SealedTokens {
  accessToken: string;
  refreshToken: string;
}

export interface ZoomConnectionDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  zoom: ZoomDriver;
  /** The box that seals payment gateway secrets seals the Zoom tokens too. */
  secrets: SecretBox;
  /** Zoom sends the browser back to `${appUrl}/zoom-auth`. */
  appUrl: string;
}

/**
 * An account's Zoom connection through Zoom's user-level OAuth flow (research/wave3.md §1): the
 * state is bound to the signed-in session that began it and spent once; the tokens are sealed at
 * rest and never leave the server; the access token is refreshed before it ends and the rotated
 * refresh token stored each time (one refresh per account at a time in this process).
 */
export class ZoomConnectionService {
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(private readonly deps: ZoomConnectionDeps) {}

  async status(principal: Principal, accountId: string): Promise<ZoomConnection> {
    await this.deps.access.requireAccount(principal, accountId);
    const row = await this.repo().connection(accountId);
    return {
      configured: this.deps.zoom.client !== null,
      connected: row !== undefined,
      zoomEmail: row?.zoom_email ?? null,
      connectedAt: row ? Number(row.connected_at) : null,
    };
  }

  async authorize(principal: Principal, accountId: string): Promise<{ url: string }> {
    await this.deps.access.requireAccount(principal, accountId);
    const client = await this.client();
    const state = crypto.randomBytes(24).toString('base64url');
    const now = this.deps.clock.now();
    await this.repo().addState(
      {
        state_hash: digest(state),
        account_id: accountId,
        user_id: principal.user.id,
        session_id: principal.session.id,
        expires_at: now + STATE_TTL_MS,
      },
      now,
    );
    return { url: client.authorizeUrl(state, this.redirectUri()) };
  }

  async callback(
    principal: Principal,
    input: { code: string; state: string },
  ): Promise<{ accountId: string }> {
    const repo = this.repo();
    const row = await repo.takeState(digest(input.state));
    const now = this.deps.clock.now();
    // Another session's state (a link sent to someone else, a forged callback) is refused.
    if (
      !row ||
      Number(row.expires_at) < now ||
      row.session_id !== principal.session.id ||
      row.user_id !== principal.user.id
    )
      throw failure(400, 'ZOOM_STATE_INVALID');
    await this.deps.access.requireAccount(principal, row.account_id);
    const client = await this.client();
    const tokens = await client.exchangeCode(input.code, this.redirectUri());
    const me = await client.me(tokens.accessToken);
    await repo.saveConnection({
      account_id: row.account_id,
      sealed_tokens: this.seal(tokens, row.account_id),
      access_expires_at: now + tokens.expiresIn * 1000,
      scope: tokens.scope,
      zoom_email: me.email,
      connected_by: principal.user.id,
      connected_at: now,
      refreshed_at: null,
    });
    return { accountId: row.account_id };
  }

  async disconnect(principal: Principal, accountId: string): Promise<{ ok: true }> {
    await this.deps.access.requireAccount(principal, accountId);
    const repo = this.repo();
    const row = await repo.connection(accountId);
    if (!row) return { ok: true };
    const tokens = this.deps.secrets.open<SealedTokens>(row.sealed_tokens, accountId);
    // Revoking at Zoom is a courtesy: the tokens are forgotten here whatever Zoom answers.
    if (tokens && this.deps.zoom.client) {
      await this.deps.zoom.ready();
      await this.deps.zoom.client.revoke(tokens.refreshToken).catch(() => undefined);
    }
    await repo.removeConnection(accountId);
    return { ok: true };
  }

  /** A live access token of the account, refreshed first when it is about to end. */
  async accessToken(accountId: string): Promise<string> {
    const row = await this.repo().connection(accountId);
    if (!row) throw failure(409, 'ZOOM_NOT_CONNECTED');
    const tokens = this.deps.secrets.open<SealedTokens>(row.sealed_tokens, accountId);
    if (!tokens) throw failure(409, 'ZOOM_NOT_CONNECTED');
    if (Number(row.access_expires_at) - this.deps.clock.now() > REFRESH_MARGIN_MS) return tokens.accessToken;
    let pending = this.refreshing.get(accountId);
    if (!pending) {
      pending = this.refresh(accountId, tokens.refreshToken).finally(() => this.refreshing.delete(accountId));
      this.refreshing.set(accountId, pending);
    }
    return pending;
  }

  async client(): Promise<ZoomClient> {
    const client = this.deps.zoom.client;
    if (!client) throw failure(503, 'ZOOM_NOT_CONFIGURED');
    await this.deps.zoom.ready();
    return client;
  }

  private async refresh(accountId: string, refreshToken: string): Promise<string> {
    const client = await this.client();
    const tokens = await client.refresh(refreshToken);
    const now = this.deps.clock.now();
    // The old refresh token no longer works at Zoom: the new one is stored before anything else.
    await this.repo().saveRefresh(
      accountId,
      this.seal(tokens, accountId),
      now + tokens.expiresIn * 1000,
      now,
    );
    return tokens.accessToken;
  }

  private seal(tokens: ZoomTokens, accountId: string): string {
    const sealed: SealedTokens = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
    return this.deps.secrets.seal(sealed, accountId);
  }

  private redirectUri(): string {
    return `${this.deps.appUrl}/zoom-auth`;
  }

  private repo() {
    return new ZoomRepository(this.deps.db.kysely);
  }
}
