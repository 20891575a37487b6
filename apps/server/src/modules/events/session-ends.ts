import type { EndedSessions, SessionService } from '../auth/sessions.service';
import type { EventBus, LiveEventInput } from './event-bus';

/**
 * Tells a stream to check its session and channels again now. Never sent to browsers: it only
 * wakes the streams of a session or user, in every process (the PostgreSQL bus crosses them).
 */
export const RECHECK = 'stream.recheck';

/** A channel no browser is given: only the stream of that one session listens to it. */
export const sessionChannel = (sessionId: string): string => `session:${sessionId}`;

function recheckEvent(ended: EndedSessions): LiveEventInput {
  const channel = 'sessionId' in ended ? sessionChannel(ended.sessionId) : `user:${ended.userId}`;
  return { channel, type: RECHECK };
}

/** Sign-out, revocation, a password change or a disabled user end that user's open streams at once. */
export function announceSessionEnds(sessions: SessionService, events: EventBus): void {
  sessions.onEnded((ended) => events.publish(recheckEvent(ended)));
}
