import { failure } from '../../lib/errors';

// Zoom's OAuth and REST endpoints that online classes use (research/wave3.md §1; README "Zoom"):
// the user-level authorisation code flow with rotating refresh tokens, create a meeting, the
// past participants report, and revoke.

export interface ZoomTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives (an hour at Zoom). */
  expiresIn: number;
  scope: string | null;
}

export interface ZoomCreatedMeeting {
  id: string;
  uuid: string;
  joinUrl: string;
}

export interface ZoomParticipant {
  name: string;
  email: string | null;
}

export interface ZoomEndpoints {
  clientId: string;
  clientSecret: string;
  /** `https://zoom.us`, or a stand-in's address. */
  oauthUrl: () => string;
  /** `https://api.zoom.us/v2`, or a stand-in's. */
  apiUrl: () => string;
}

const TIMEOUT_MS = 15_000;

export class ZoomClient {
  constructor(private readonly z: ZoomEndpoints) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const url = new URL(`${this.z.oauthUrl()}/oauth/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.z.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string): Promise<ZoomTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  /** A new access token; Zoom also answers a new refresh token, and the old one stops working. */
  refresh(refreshToken: string): Promise<ZoomTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async revoke(token: string): Promise<void> {
    await this.call(`${this.z.oauthUrl()}/oauth/revoke`, {
      method: 'POST',
      headers: { authorization: this.basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
  }

  async me(accessToken: string): Promise<{ email: string | null }> {
    const body = (await this.call(`${this.z.apiUrl()}/users/me`, { headers: bearer(accessToken) })) as {
      email?: string;
    };
    return { email: body.email ?? null };
  }

  async createMeeting(
    accessToken: string,
    meeting: { topic: string; startTime: string; duration: number; agenda: string },
  ): Promise<ZoomCreatedMeeting> {
    const body = (await this.call(`${this.z.apiUrl()}/users/me/meetings`, {
      method: 'POST',
      headers: { ...bearer(accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({
        topic: meeting.topic,
        type: 2,
        start_time: meeting.startTime,
        timezone: 'Asia/Dhaka',
        duration: meeting.duration,
        agenda: meeting.agenda,
        settings: { join_before_host: false, waiting_room: true },
      }),
    })) as { id: number | string; uuid: string; join_url: string };
    return { id: String(body.id), uuid: body.uuid, joinUrl: body.join_url };
  }

  /** Everyone who joined a meeting that has ended, over all pages. */
  async pastParticipants(accessToken: string, uuid: string): Promise<ZoomParticipant[]> {
    // A UUID that starts with `/` or holds `//` is encoded twice (Zoom's API reference).
    const id =
      uuid.startsWith('/') || uuid.includes('//')
        ? encodeURIComponent(encodeURIComponent(uuid))
        : encodeURIComponent(uuid);
    const out: ZoomParticipant[] = [];
    let next = '';
    do {
      const url = new URL(`${this.z.apiUrl()}/past_meetings/${id}/participants`);
      url.searchParams.set('page_size', '300');
      if (next) url.searchParams.set('next_page_token', next);
      const body = (await this.call(url.toString(), { headers: bearer(accessToken) })) as {
        participants?: { name?: string; user_email?: string }[];
        next_page_token?: string;
      };
      for (const p of body.participants ?? []) out.push({ name: p.name ?? '', email: p.user_email || null });
      next = body.next_page_token ?? '';
    } while (next);
    return out;
  }

  private async token(form: Record<string, string>): Promise<ZoomTokens> {
    const body = (await this.call(`${this.z.oauthUrl()}/oauth/token`, {
      method: 'POST',
      headers: { authorization: this.basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })) as { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string };
    if (!body.access_token || !body.refresh_token) throw failure(502, 'ZOOM_REFUSED');
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresIn: Number(body.expires_in ?? 3600),
      scope: body.scope ?? null,
    };
  }

  private basic(): string {
    return `Basic ${Buffer.from(`${this.z.clientId}:${this.z.clientSecret}`).toString('base64')}`;
  }

  private async call(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw failure(503, 'ZOOM_UNAVAILABLE');
    }
    if (response.status === 401 || response.status === 400 || response.status === 403)
      throw failure(502, 'ZOOM_REFUSED');
    if (!response.ok) throw failure(503, 'ZOOM_UNAVAILABLE');
    const text = await response.text();
    return text ? JSON.parse(text) : {};
  }
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
