import type { ZoomDriver } from '../../drivers/zoom/zoom';
import { zoomSignatureValid, zoomUrlValidation } from '../../drivers/zoom/zoom-signature';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { ZoomMeetingsService } from './zoom-meetings.service';

/** A request older than this (by its signed timestamp) is a replay and refused. */
const MAX_AGE_MS = 5 * 60_000;

interface ZoomEvent {
  event?: string;
  payload?: {
    plainToken?: string;
    object?: { id?: string | number; participant?: { user_name?: string } };
  };
}

/**
 * Zoom's event notifications (research/wave3.md §1): each is checked against the app's secret
 * token (`x-zm-signature`, HMAC-SHA256 over `v0:{timestamp}:{body}`, constant time) and refused
 * with 401 when it does not match; `endpoint.url_validation` is answered with the HMAC of its
 * plain token; a participant who joined is marked present at once (the report after the class
 * catches any webhook Zoom dropped).
 */
export class ZoomWebhook {
  constructor(private readonly deps: { zoom: ZoomDriver; meetings: ZoomMeetingsService; clock: Clock }) {}

  async receive(
    raw: string,
    timestamp: string,
    signature: string,
  ): Promise<{ status: number; body: unknown }> {
    const secret = this.deps.zoom.webhookSecret;
    if (!secret) throw notFound();
    const age = Math.abs(this.deps.clock.now() - Number(timestamp) * 1000);
    if (!timestamp || !(age <= MAX_AGE_MS) || !zoomSignatureValid(secret, timestamp, raw, signature))
      throw failure(401, 'ZOOM_SIGNATURE_INVALID');
    let event: ZoomEvent;
    try {
      event = JSON.parse(raw) as ZoomEvent;
    } catch {
      throw failure(401, 'ZOOM_SIGNATURE_INVALID');
    }
    if (event.event === 'endpoint.url_validation' && event.payload?.plainToken)
      return { status: 200, body: zoomUrlValidation(secret, event.payload.plainToken) };
    const object = event.payload?.object;
    const name = object?.participant?.user_name;
    if (event.event === 'meeting.participant_joined' && object?.id !== undefined && name)
      await this.deps.meetings.participantJoined(String(object.id), name);
    return { status: 200, body: { ok: true } };
  }
}
