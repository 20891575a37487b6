import crypto from 'node:crypto';
import {
  checkoutPage,
  type StandInReply,
  type StandInRequest,
  startLoopback,
} from '../payments/stand-in-http';
import { zoomSignature } from './zoom-signature';

/**
 * A loopback Zoom (research/wave3.md §1) for development, tests and the demo: the OAuth
 * authorisation page (Allow / Deny, redirecting to redirect_uri with code and state), the token
 * endpoint (codes once; refresh tokens rotate: an old one answers "Invalid Token!"), revoke,
 * `GET /v2/users/me`, `POST /v2/users/me/meetings`, a join page per meeting where a participant
 * joins under the `uname` of the link, `GET /v2/past_meetings/{uuid}/participants`, and — when told
 * where — the signed `meeting.participant_joined` webhook Zoom sends.
 */

export interface ZoomStandInMeeting {
  id: string;
  uuid: string;
  topic: string;
  startTime: string;
  duration: number;
  participants: { name: string; email: string | null }[];
}

export interface ZoomStandIn {
  url: string;
  /** Where the OAuth endpoints live (ZOOM_OAUTH_URL). */
  oauthUrl: string;
  /** Where the REST API lives (ZOOM_API_URL). */
  apiUrl: string;
  meetings(): ZoomStandInMeeting[];
  /** Access tokens handed out so far (a refresh adds one). */
  refreshes(): number;
  /** Ends every access token now (the next API call answers 401 until refreshed). */
  expireAccessTokens(): void;
  /** Someone joins a meeting under this name (as the join page does). */
  join(meetingId: string, name: string): Promise<void>;
  /** Send participant webhooks here, signed with this secret. */
  sendWebhooksTo(url: string, secret: string): void;
  close(): Promise<void>;
}

const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

export async function startZoomStandIn(
  credentials: { clientId: string; clientSecret: string },
  port = 0,
): Promise<ZoomStandIn> {
  const codes = new Map<string, string>();
  /** access token → expired? */
  const access = new Map<string, boolean>();
  const refreshTokens = new Set<string>();
  const meetings = new Map<string, ZoomStandInMeeting>();
  let refreshes = 0;
  let webhook: { url: string; secret: string } | null = null;
  let base = '';

  const issue = (): StandInReply => {
    const accessToken = hex(20);
    const refreshToken = hex(20);
    access.set(accessToken, false);
    refreshTokens.add(refreshToken);
    return {
      status: 200,
      json: {
        access_token: accessToken,
        token_type: 'bearer',
        refresh_token: refreshToken,
        expires_in: 3599,
        scope: 'meeting:write:meeting meeting:read:list_past_participants user:read:user',
      },
    };
  };

  const join = async (meetingId: string, name: string) => {
    const m = meetings.get(meetingId);
    if (!m) throw new Error(`no meeting ${meetingId}`);
    m.participants.push({ name, email: null });
    if (!webhook) return;
    const body = JSON.stringify({
      event: 'meeting.participant_joined',
      event_ts: Date.now(),
      payload: {
        account_id: 'stand-in',
        object: {
          id: m.id,
          uuid: m.uuid,
          topic: m.topic,
          participant: { user_name: name, id: hex(6), join_time: new Date().toISOString() },
        },
      },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-zm-request-timestamp': timestamp,
        'x-zm-signature': zoomSignature(webhook.secret, timestamp, body),
      },
      body,
    }).catch(() => undefined);
  };

  const handle = async (r: StandInRequest): Promise<StandInReply> => {
    if (r.method === 'GET' && r.path === '/oauth/authorize') {
      const redirect = r.query.get('redirect_uri') ?? '';
      if (r.query.get('client_id') !== credentials.clientId || !redirect)
        return { status: 400, html: checkoutPage('Invalid client_id or redirect_uri', [], []) };
      const code = hex(12);
      codes.set(code, redirect);
      const to = (params: Record<string, string>) => {
        const u = new URL(redirect);
        for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
        u.searchParams.set('state', r.query.get('state') ?? '');
        return u.toString();
      };
      // The buttons are links: the stand-in's page redirects as Zoom's does after the choice.
      return {
        status: 200,
        html: checkoutPage(
          'Zoom stand-in: allow Batchwise?',
          ['Batchwise would like to create meetings and read their participants.'],
          [
            {
              label: 'Allow',
              action: `/oauth/choose?to=${encodeURIComponent(to({ code }))}`,
              testId: 'zoom-allow',
            },
            {
              label: 'Deny',
              action: `/oauth/choose?to=${encodeURIComponent(to({ error: 'access_denied' }))}`,
              testId: 'zoom-deny',
            },
          ],
        ),
      };
    }
    if (r.method === 'POST' && r.path === '/oauth/choose')
      return { status: 302, redirect: r.query.get('to') ?? '/' };
    const join = /^\/j\/(\d+)(\/go)?$/.exec(r.path);
    if (join) {
      const m = meetings.get(join[1]!);
      const name = r.query.get('uname') ?? r.body.uname ?? 'Guest';
      if (!m) return { status: 404, html: checkoutPage('Meeting not found', [], []) };
      if (r.method === 'POST' && join[2]) {
        await joinMeeting(m.id, name);
        return { status: 200, html: checkoutPage('You joined the meeting', [m.topic, name], []) };
      }
      return {
        status: 200,
        html: checkoutPage(
          'Zoom stand-in',
          [m.topic, `Joining as ${name}`],
          [{ label: 'Join', action: `/j/${m.id}/go?uname=${encodeURIComponent(name)}`, testId: 'zoom-join' }],
        ),
      };
    }
    if (r.method === 'POST' && r.path === '/oauth/token') {
      const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      if (r.headers.authorization !== basic)
        return {
          status: 401,
          json: { reason: 'Invalid client_id or client_secret', error: 'invalid_client' },
        };
      if (r.body.grant_type === 'authorization_code') {
        const redirect = codes.get(r.body.code ?? '');
        codes.delete(r.body.code ?? '');
        if (!redirect || redirect !== r.body.redirect_uri)
          return { status: 400, json: { reason: 'Invalid authorization code', error: 'invalid_grant' } };
        return issue();
      }
      if (r.body.grant_type === 'refresh_token') {
        if (!refreshTokens.delete(r.body.refresh_token ?? ''))
          return { status: 400, json: { reason: 'Invalid Token!', error: 'invalid_request' } };
        refreshes += 1;
        return issue();
      }
      return { status: 400, json: { reason: 'Unsupported grant type', error: 'unsupported_grant_type' } };
    }
    if (r.method === 'POST' && r.path === '/oauth/revoke') {
      access.delete(r.query.get('token') ?? r.body.token ?? '');
      refreshTokens.delete(r.query.get('token') ?? r.body.token ?? '');
      return { status: 200, json: { status: 'success' } };
    }
    const token = /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1] ?? '';
    if (access.get(token) !== false)
      return { status: 401, json: { code: 124, message: 'Invalid access token.' } };
    if (r.method === 'GET' && r.path === '/v2/users/me')
      return { status: 200, json: { id: 'standin', email: 'teacher@zoom.stand-in' } };
    if (r.method === 'POST' && r.path === '/v2/users/me/meetings') {
      const body = JSON.parse(r.raw) as {
        topic?: string;
        start_time?: string;
        duration?: number;
        type?: number;
      };
      if (!body.topic || !body.start_time || body.type !== 2)
        return { status: 300, json: { code: 300, message: 'Invalid meeting' } };
      const id = String(80_000_000_000 + Math.floor(Math.random() * 9_000_000_000));
      const m: ZoomStandInMeeting = {
        id,
        uuid: `${hex(8)}==`,
        topic: body.topic,
        startTime: body.start_time,
        duration: body.duration ?? 60,
        participants: [],
      };
      meetings.set(id, m);
      return {
        status: 201,
        json: {
          id: Number(id),
          uuid: m.uuid,
          topic: m.topic,
          start_time: m.startTime,
          join_url: `${base}/j/${id}?pwd=${hex(6)}`,
        },
      };
    }
    const past = /^\/v2\/past_meetings\/(.+)\/participants$/.exec(r.path);
    if (r.method === 'GET' && past) {
      const uuid = decodeURIComponent(decodeURIComponent(past[1]!));
      const m = [...meetings.values()].find((x) => x.uuid === uuid || x.id === uuid);
      if (!m) return { status: 404, json: { code: 3001, message: 'Meeting does not exist.' } };
      return {
        status: 200,
        json: {
          page_size: 300,
          total_records: m.participants.length,
          next_page_token: '',
          participants: m.participants.map((p, i) => ({
            id: String(i),
            name: p.name,
            user_email: p.email ?? '',
          })),
        },
      };
    }
    return { status: 404, json: { code: 404, message: 'Not found' } };
  };
  const joinMeeting = join;
  const server = await startLoopback(handle, port);
  base = server.url;
  return {
    url: base,
    oauthUrl: base,
    apiUrl: `${base}/v2`,
    meetings: () => [...meetings.values()],
    refreshes: () => refreshes,
    expireAccessTokens: () => {
      for (const t of access.keys()) access.set(t, true);
    },
    join,
    sendWebhooksTo: (url, secret) => {
      webhook = { url, secret };
    },
    close: () => server.close(),
  };
}
