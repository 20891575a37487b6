import { MESSAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/test-deps';
import { browserRecording } from '../../test/video-clips';
import { useWorld } from '../../test/world';
import { piecesOf, sendChunk } from './educast-recording';

// Recording and publishing (educast.service.ts, educast-publish.ts): chunks arrive in order and a
// repeat is harmless; a recording whose tab closed is finished with what arrived; the trim and
// publish make a lesson video of the chosen chapter through the video transcode, with a join code.
// Another account's teacher and the assistants get nothing.

describe.each(DIALECTS)('EduCast recordings [%s]', (dialect) => {
  const ctx = useWorld(dialect);
  const educasts = (side: 'A' | 'B' = 'A') => `/api/accounts/${ctx.world.accounts[side]}/educasts`;
  const teacher = () => ctx.world.client('teacherA');

  async function courseWithChapter() {
    const res = await (await teacher()).post(`/api/accounts/${ctx.world.accounts.A}/video-courses`, {
      title: 'Physics',
      chapters: [{ title: 'Motion', videoIds: [] }],
      classroomIds: [ctx.world.classrooms.A],
    });
    expect(res.statusCode).toBe(201);
    const course = res.json() as { id: string; chapters: { id: string }[] };
    return { courseId: course.id, chapterId: course.chapters[0]!.id };
  }

  async function recorded(seconds: number) {
    const client = await teacher();
    const started = await client.post(educasts(), { source: 'camera' });
    expect(started.statusCode).toBe(201);
    const id = started.json().id as string;
    const pieces = piecesOf(browserRecording(seconds), 3);
    for (const [seq, piece] of pieces.entries()) {
      const sent = await sendChunk(
        client,
        `${educasts()}/${id}`,
        seq,
        ((seq + 1) * seconds * 1000) / 3,
        piece,
      );
      expect(sent.json()).toEqual({ next: seq + 1 });
    }
    return { client, id, base: `${educasts()}/${id}` };
  }

  it('takes chunks in order, answers a repeat as stored and refuses a gap', async () => {
    const client = await teacher();
    const { id } = (await client.post(educasts(), { source: 'screen-camera', title: 'Vectors' })).json();
    const base = `${educasts()}/${id}`;
    const [a, b] = piecesOf(browserRecording(4), 2);
    expect((await sendChunk(client, base, 0, 2000, a!)).json()).toEqual({ next: 1 });
    expect((await sendChunk(client, base, 0, 2000, a!)).json()).toEqual({ next: 1 });
    const gap = await sendChunk(client, base, 2, 6000, b!);
    expect(gap.statusCode).toBe(409);
    expect(gap.json().error.code).toBe('EDUCAST_CHUNK_GAP');
    expect((await sendChunk(client, base, 1, 4000, b!)).json()).toEqual({ next: 2 });
    const listed = (await client.get(educasts())).json().educasts.find((e: { id: string }) => e.id === id);
    expect(listed).toMatchObject({
      title: 'Vectors',
      state: 'recording',
      chunks: 2,
      durationMs: 4000,
      sizeBytes: a!.length + b!.length,
    });
  });

  it('finishes a recording whose tab closed with what arrived; an empty one is refused', async () => {
    const { client, base } = await recorded(3);
    // The tab died after three chunks: on reopening the page offers to finish it.
    const finished = await client.post(`${base}/finish`);
    expect(finished.json()).toMatchObject({ state: 'recorded', chunks: 3, durationMs: 3000 });
    const late = await sendChunk(client, base, 3, 4000, Buffer.from('late'));
    expect(late.json().error).toEqual({
      code: 'EDUCAST_NOT_RECORDING',
      message: MESSAGES.EDUCAST_NOT_RECORDING,
    });

    const empty = (await client.post(educasts(), { source: 'camera' })).json();
    const refused = await client.post(`${educasts()}/${empty.id}/finish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('EDUCAST_EMPTY');
  });

  it('trims and publishes into a chapter: a lesson video transcoded, with a join code', async () => {
    const { courseId, chapterId } = await courseWithChapter();
    const { client, id, base } = await recorded(6);
    const early = await client.post(`${base}/publish`, { courseId, chapterId });
    expect(early.json().error.code).toBe('EDUCAST_NOT_EDITABLE');
    await client.post(`${base}/finish`);
    const tooMuch = await client.put(base, { title: 'Forces', trimStartS: 3, trimEndS: 3 });
    expect(tooMuch.json().error.code).toBe('EDUCAST_TRIM_TOO_LONG');
    const edited = await client.put(base, { title: 'Forces', trimStartS: 1, trimEndS: 2 });
    expect(edited.json()).toMatchObject({ title: 'Forces', trimStartS: 1, trimEndS: 2 });
    const unknown = await client.post(`${base}/publish`, { courseId, chapterId: 'nope' });
    expect(unknown.json().error.code).toBe('EDUCAST_CHAPTER_UNKNOWN');

    const published = await client.post(`${base}/publish`, { courseId, chapterId });
    expect(published.json()).toMatchObject({ state: 'publishing', courseId });
    expect(published.json().code).toMatch(/^[A-Z2-9]{6}$/);
    await ctx.deps.createWorker().drain();

    const after = (await client.get(educasts())).json().educasts.find((e: { id: string }) => e.id === id);
    expect(after).toMatchObject({ state: 'published', videoStatus: 'ready' });
    const library = (await client.get(`/api/accounts/${ctx.world.accounts.A}/videos`)).json();
    const video = library.videos.find((v: { id: string }) => v.id === after.videoId);
    // Six seconds less one from the start and two from the end.
    expect(Math.abs(video.durationMs - 3000)).toBeLessThan(400);
    expect(video.title).toBe('Forces');
    const course = library.courses.find((c: { id: string }) => c.id === courseId);
    expect(course.chapters[0].videoIds).toContain(after.videoId);
    const chunks = await ctx.deps.db.kysely
      .selectFrom('educast_chunks')
      .select('seq')
      .where('educast_id', '=', id)
      .execute();
    expect(chunks).toEqual([]);
    const again = await client.put(base, { title: 'Again', trimStartS: 0, trimEndS: 0 });
    expect(again.json().error.code).toBe('EDUCAST_NOT_EDITABLE');
  }, 120_000);

  it('puts a second recording after the first in the chapter; an unreadable one fails with a reason', async () => {
    const { courseId, chapterId } = await courseWithChapter();
    const videoIds: string[] = [];
    for (const title of ['Part one', 'Part two']) {
      const { client, base } = await recorded(3);
      await client.post(`${base}/finish`);
      await client.put(base, { title, trimStartS: 0, trimEndS: 0 });
      await client.post(`${base}/publish`, { courseId, chapterId });
      await ctx.deps.createWorker().drain();
      videoIds.push(
        (await client.get(educasts())).json().educasts.find((e: { title: string }) => e.title === title)
          .videoId,
      );
    }
    const library = (await (await teacher()).get(`/api/accounts/${ctx.world.accounts.A}/videos`)).json();
    const course = library.courses.find((c: { id: string }) => c.id === courseId);
    expect(course.chapters[0].videoIds).toEqual(videoIds);

    const client = await teacher();
    const { id } = (await client.post(educasts(), { source: 'screen' })).json();
    const base = `${educasts()}/${id}`;
    await sendChunk(client, base, 0, 3000, Buffer.alloc(64 * 1024, 7));
    await client.post(`${base}/finish`);
    await client.post(`${base}/publish`, { courseId, chapterId });
    await ctx.deps.createWorker().drain();
    const failed = (await client.get(educasts())).json().educasts.find((e: { id: string }) => e.id === id);
    expect(failed).toMatchObject({ state: 'failed', errorCode: 'VIDEO_NOT_READABLE', videoId: null });
  }, 120_000);

  it('deletes a recording and its stored chunks', async () => {
    const { client, id, base } = await recorded(3);
    const keys = async () => {
      const found: string[] = [];
      for await (const key of ctx.deps.storage.list(`educasts/${ctx.world.accounts.A}/${id}/`))
        found.push(key);
      return found;
    };
    expect(await keys()).toHaveLength(3);
    expect((await client.delete(base)).json()).toEqual({ ok: true });
    expect(await keys()).toEqual([]);
    expect((await client.get(educasts())).json().educasts.some((e: { id: string }) => e.id === id)).toBe(
      false,
    );
  });

  it("keeps each account's recordings to itself and refuses assistants", async () => {
    const { base } = await recorded(3);
    const other = await ctx.world.client('teacherB');
    expect((await other.post(`${base}/finish`)).statusCode).toBe(404);
    expect((await other.get(educasts('B'))).json().educasts).toEqual([]);
    const assistant = await ctx.world.client('assistantA');
    expect((await assistant.get(educasts())).statusCode).toBe(403);
  });
});
