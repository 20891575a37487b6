import crypto from 'node:crypto';
import { VIDEO_STREAM_TTL_MS } from '@batchwise/domain';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import type { TypedApp } from '../../lib/typed-app';
import { VideoRepository } from './video.repository';

// Signed stream addresses (the private video courses capability: "segments only through a
// short-lived signed URL, no guessable public URL"). The signature sits in the path before the
// playlist, so the relative addresses inside the stored playlists inherit it and the files are
// served as they were written, for hls.js and for Safari's own player alike. The player asks the
// authorised play route for a fresh address before this one ends (VIDEO_STREAM_TTL_MS).

/** Where a video's files live in the storage driver. */
export const videoKeys = (accountId: string, videoId: string) => {
  const base = `videos/${accountId}/${videoId}`;
  return {
    base,
    hls: `${base}/hls`,
    master: `${base}/hls/master.m3u8`,
    rendition: (name: string) => `${base}/hls/${name}`,
    poster: `${base}/poster.jpg`,
  };
};

export const STREAM_PREFIX = '/media/video';

const sign = (secret: string, videoId: string, expires: number) =>
  crypto.createHmac('sha256', secret).update(`${videoId}.${expires}`).digest('base64url');

/** The signed base of a video's files, valid until `expiresAt`. */
export function signedBase(
  video: { id: string; stream_secret: string },
  now: number,
): { base: string; expiresAt: number } {
  const expiresAt = now + VIDEO_STREAM_TTL_MS;
  return {
    base: `${STREAM_PREFIX}/${video.id}/${expiresAt}.${sign(video.stream_secret, video.id, expiresAt)}`,
    expiresAt,
  };
}

/** Whether a token is this video's, unforged and not yet expired. */
export function tokenValid(secret: string, videoId: string, token: string, now: number): boolean {
  const [expiresText, signature] = token.split('.');
  const expires = Number(expiresText);
  if (!signature || !Number.isSafeInteger(expires) || expires <= now) return false;
  const expected = Buffer.from(sign(secret, videoId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const FILE = /^(master\.m3u8|poster\.jpg|[0-9]{3,4}p\/(index\.m3u8|seg_[0-9]{3,6}\.ts))$/;
const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

/**
 * `GET /media/video/:videoId/:token/*`: a file of a processed video, for anyone holding a valid
 * signed address (public by access rule: the signature is the permission). A forged, expired or
 * other video's token is refused alike with 403; nothing says whether the video exists.
 */
export function videoStreamRoutes(app: TypedApp, deps: { db: Db; storage: Storage; clock: Clock }): void {
  // A video's secret never changes while it exists, so segment requests skip the database.
  const secrets = new Map<string, { accountId: string; secret: string }>();
  const secretOf = async (videoId: string) => {
    const known = secrets.get(videoId);
    if (known) return known;
    const row = await new VideoRepository(deps.db.kysely).video(videoId);
    if (!row) return undefined;
    if (secrets.size > 10_000) secrets.clear();
    const entry = { accountId: row.account_id, secret: row.stream_secret };
    secrets.set(videoId, entry);
    return entry;
  };
  app.get(
    `${STREAM_PREFIX}/:videoId/:token/*`,
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ videoId: z.string().min(1).max(40), token: z.string().max(200), '*': z.string() }),
      },
    },
    async (request, reply) => {
      const { videoId, token, '*': file } = request.params;
      const video = await secretOf(videoId);
      const now = deps.clock.now();
      if (!video || !tokenValid(video.secret, videoId, token, now)) throw failure(403, 'FORBIDDEN');
      if (!FILE.test(file)) throw failure(404, 'NOT_FOUND');
      const keys = videoKeys(video.accountId, videoId);
      const stored = await deps.storage.get(file === 'poster.jpg' ? keys.poster : `${keys.hls}/${file}`);
      if (!stored) {
        secrets.delete(videoId);
        throw failure(404, 'NOT_FOUND');
      }
      const expires = Number(token.split('.')[0]);
      return reply
        .header('content-type', CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)]!)
        .header('content-length', stored.size)
        .header('cache-control', `private, max-age=${Math.max(0, Math.floor((expires - now) / 1000))}`)
        .send(stored.body);
    },
  );
}
