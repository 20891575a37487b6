import { MESSAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../drivers/storage/storage';
import { DIALECTS } from '../../test/test-deps';
import { clipUploads } from '../../test/video-clips';
import { useWorld } from '../../test/world';
import { VideoTranscoder } from './video-transcode';

// The transcode job (video-transcode.ts) and who watches (video.policy.ts): a teacher adds a
// video from an upload, the job makes HLS renditions up to the source's height with a poster and
// duration; a broken file fails with a reason; a run after a crash finishes without redoing or
// losing work. Students of an attached classroom who are allowed play it by signed addresses.

type Ctx = ReturnType<typeof useWorld>;

async function keysUnder(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  return keys;
}

/** The real storage, failing once a put's key matches: a worker that died mid-job. */
function crashingAt(storage: Storage, pattern: RegExp): Storage {
  return {
    ...storage,
    list: (prefix) => storage.list(prefix),
    put: async (key, body, type) => {
      if (pattern.test(key)) throw new Error(`crashed before storing ${key}`);
      return storage.put(key, body, type);
    },
  };
}

/** The real storage, noting every key stored. */
function recording(storage: Storage, puts: string[]): Storage {
  return {
    ...storage,
    list: (prefix) => storage.list(prefix),
    put: async (key, body, type) => {
      puts.push(key);
      return storage.put(key, body, type);
    },
  };
}

describe.each(DIALECTS)('lesson videos [%s]', (dialect) => {
  const ctx: Ctx = useWorld(dialect, { claimUpload: clipUploads(() => ctx.deps.storage) });
  const videos = (side: 'A' | 'B' = 'A') => `/api/accounts/${ctx.world.accounts[side]}/videos`;
  const library = async () => (await (await ctx.world.client('teacherA')).get(videos())).json();

  const addVideo = async (uploadId: string) => {
    const teacher = await ctx.world.client('teacherA');
    const res = await teacher.post(videos(), { uploadId });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; status: string };
  };

  const segmentsIn = (playlist: string) => playlist.split('\n').filter((l) => l.endsWith('.ts'));

  it('transcodes a 720p video into three renditions with a poster and its duration, once', async () => {
    const added = await addVideo('clip-1280x720-3s');
    expect(added.status).toBe('queued');
    await ctx.deps.createWorker().drain();
    const video = (await library()).videos.find((v: { id: string }) => v.id === added.id);
    expect(video).toMatchObject({ status: 'ready', renditions: ['240p', '360p', '720p'], errorCode: null });
    expect(Math.abs(video.durationMs - 3000)).toBeLessThan(300);

    const prefix = `videos/${ctx.world.accounts.A}/${added.id}/`;
    const keys = await keysUnder(ctx.deps.storage, prefix);
    expect(keys).toContain(`${prefix}poster.jpg`);
    const master = await streamText(ctx.deps.storage, `${prefix}hls/master.m3u8`);
    expect(master.match(/^#EXT-X-STREAM-INF/gm)).toHaveLength(3);
    expect(master).toContain('RESOLUTION=1280x720');
    for (const rung of ['240p', '360p', '720p']) {
      const playlist = await streamText(ctx.deps.storage, `${prefix}hls/${rung}/index.m3u8`);
      expect(keys.filter((k) => k.startsWith(`${prefix}hls/${rung}/seg_`))).toHaveLength(
        segmentsIn(playlist).length,
      );
    }
    // The upload was claimed once; a second add of it is refused.
    const again = await (await ctx.world.client('teacherA')).post(videos(), { uploadId: 'clip-1280x720-3s' });
    expect(again.json().error).toEqual({
      code: 'UPLOAD_NOT_FOUND',
      message: MESSAGES.UPLOAD_NOT_FOUND,
    });
  }, 120_000);

  it('makes only the rungs at or below the source height', async () => {
    const added = await addVideo('clip-400x300-2s');
    await ctx.deps.createWorker().drain();
    const video = (await library()).videos.find((v: { id: string }) => v.id === added.id);
    expect(video).toMatchObject({ status: 'ready', renditions: ['240p'] });
  }, 60_000);

  it('tells the teacher why a file that is not a video failed, without retrying it', async () => {
    const added = await addVideo('broken');
    await ctx.deps.createWorker().drain();
    const video = (await library()).videos.find((v: { id: string }) => v.id === added.id);
    expect(video).toMatchObject({ status: 'failed', errorCode: 'VIDEO_NOT_READABLE', renditions: [] });
    expect(video.errorDetail).toBeTruthy();
    const job = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('idempotency_key', '=', `video.transcode:${added.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it('finishes after a crash without redoing finished renditions or leaving duplicates', async () => {
    const added = await addVideo('clip-1280x720-3s-crash');
    const { db, clock, storage } = ctx.deps;
    const crashing = new VideoTranscoder({ db, clock, storage: crashingAt(storage, /\/720p\/index\.m3u8$/) });
    await expect(crashing.run(added.id, { final: false })).rejects.toThrow(/crashed/);
    const halfway = (await library()).videos.find((v: { id: string }) => v.id === added.id);
    expect(halfway).toMatchObject({ status: 'processing', renditions: ['240p', '360p'] });

    // The job's worker died: the queue runs the job again, here with the storage watched.
    const puts: string[] = [];
    await new VideoTranscoder({ db, clock, storage: recording(storage, puts) }).run(added.id, {
      final: false,
    });
    expect(puts.filter((k) => /\/(240p|360p)\//.test(k))).toEqual([]);
    expect(puts.some((k) => k.endsWith('/720p/index.m3u8'))).toBe(true);
    const prefix = `videos/${ctx.world.accounts.A}/${added.id}/hls/`;
    const keys = await keysUnder(storage, prefix);
    for (const rung of ['240p', '360p', '720p']) {
      const playlist = await streamText(storage, `${prefix}${rung}/index.m3u8`);
      expect(keys.filter((k) => k.startsWith(`${prefix}${rung}/seg_`))).toHaveLength(
        segmentsIn(playlist).length,
      );
    }
    // The queued job then finds the video done and changes nothing.
    const before = await keysUnder(storage, prefix);
    await ctx.deps.createWorker().drain();
    expect(await keysUnder(storage, prefix)).toEqual(before);
    const done = (await library()).videos.find((v: { id: string }) => v.id === added.id);
    expect(done).toMatchObject({ status: 'ready', renditions: ['240p', '360p', '720p'] });
  }, 120_000);
});

async function streamText(storage: Storage, key: string): Promise<string> {
  const stored = await storage.get(key);
  if (!stored) throw new Error(`${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
