import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { signedBase } from '../modules/video/video-stream';
import type { Sample } from './matrix-samples';
import { child } from './matrix-samples-portal';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of private video courses (modules/video/video.policy.ts): the account's teacher
// and admins manage videos, courses and VideoPermission (assistants are refused); the student
// and parents of a classroom a course is attached to list, play and record progress; the stream
// route is public, its signature being the permission. Each call names a video and course made
// for it: a processed video in a course attached to the side's world classroom.

async function freshVideo(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const accountId = w.accounts[side];
  const db = deps.db.kysely;
  const video = { id: newId(now), stream_secret: 'matrix-secret' };
  await db
    .insertInto('videos')
    .values({
      ...video,
      account_id: accountId,
      title: 'Matrix lesson',
      file_name: 'lesson.mp4',
      content_type: 'video/mp4',
      size_bytes: 1,
      source_key: `uploads/${accountId}/matrix`,
      status: 'ready',
      error_code: null,
      error_detail: null,
      duration_ms: 60_000,
      width: 1280,
      height: 720,
      renditions: '[]',
      poster_key: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const courseId = newId(now);
  const chapterId = newId(now);
  await db
    .insertInto('video_courses')
    .values({ id: courseId, account_id: accountId, title: 'Matrix course', created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('video_chapters')
    .values({ id: chapterId, course_id: courseId, account_id: accountId, title: 'One', position: 0 })
    .execute();
  await db
    .insertInto('video_chapter_items')
    .values({ chapter_id: chapterId, video_id: video.id, account_id: accountId, position: 0 })
    .execute();
  await db
    .insertInto('video_course_classrooms')
    .values({ course_id: courseId, classroom_id: w.classrooms[side], account_id: accountId })
    .execute();
  return { accountId, video, courseId };
}

const staffVideo = async (w: World, d: Deps, side: 'A' | 'B') => {
  const { accountId, video } = await freshVideo(w, d, side);
  return { params: { accountId, videoId: video.id } };
};

const staffCourse = (body?: unknown) => async (w: World, d: Deps, side: 'A' | 'B') => {
  const { accountId, courseId } = await freshVideo(w, d, side);
  return { params: { accountId, courseId }, body };
};

const familyVideo = (body?: unknown) => async (w: World, d: Deps, side: 'A' | 'B') => {
  const { video } = await freshVideo(w, d, side);
  const { params } = await child(w, d, side);
  return { params: { ...params, videoId: video.id }, body };
};

const family = ['studentA', 'parentA'] as const;

export const VIDEO_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/videos': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  // No upload can be claimed here: those allowed are answered UPLOAD_NOT_FOUND.
  'POST /api/accounts/:accountId/videos': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] }, body: { uploadId: 'matrix-upload' } }),
  },
  'DELETE /api/accounts/:accountId/videos/:videoId': {
    institution: true,
    allowed: managers,
    call: staffVideo,
  },
  'POST /api/accounts/:accountId/videos/:videoId/play': {
    institution: true,
    allowed: managers,
    call: staffVideo,
  },
  'POST /api/accounts/:accountId/video-courses': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] }, body: { title: 'Matrix course' } }),
  },
  'PUT /api/accounts/:accountId/video-courses/:courseId': {
    institution: true,
    allowed: managers,
    call: staffCourse({ title: 'Matrix course', chapters: [], classroomIds: [] }),
  },
  'DELETE /api/accounts/:accountId/video-courses/:courseId': {
    institution: true,
    allowed: managers,
    call: staffCourse(),
  },
  'GET /api/accounts/:accountId/video-courses/:courseId/viewers': {
    institution: true,
    allowed: managers,
    call: staffCourse(),
  },
  'PUT /api/accounts/:accountId/students/:studentId/video-permission': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side], studentId: w.students[side] },
      body: { allowed: true },
    }),
  },
  'GET /api/portal/students/:studentId/video-courses': {
    institution: true,
    allowed: family,
    call: (w, d, side) => child(w, d, side),
  },
  'POST /api/portal/students/:studentId/videos/:videoId/play': {
    institution: true,
    allowed: family,
    call: familyVideo(),
  },
  'PUT /api/portal/students/:studentId/videos/:videoId/progress': {
    institution: true,
    allowed: family,
    call: familyVideo({ positionMs: 1000 }),
  },
  // Public video courses (modules/public-video): the course's managers publish and see buyers.
  'GET /api/accounts/:accountId/video-courses/:courseId/publication': {
    institution: true,
    allowed: managers,
    call: staffCourse(),
  },
  'PUT /api/accounts/:accountId/video-courses/:courseId/publication': {
    institution: true,
    allowed: managers,
    call: staffCourse({ pricing: 'free' }),
  },
  'DELETE /api/accounts/:accountId/video-courses/:courseId/publication': {
    institution: true,
    allowed: managers,
    call: staffCourse(),
  },
  // Keys and transactions that exist nowhere: everyone gets past the access check to 404.
  'GET /api/public/video-courses/:key': {
    allowed: 'everyone',
    call: () => ({ params: { key: 'k'.repeat(32) } }),
  },
  'POST /api/public/video-courses/:key/videos/:videoId/play': {
    allowed: 'everyone',
    call: () => ({ params: { key: 'k'.repeat(32), videoId: newId() }, body: {} }),
  },
  'POST /api/public/video-courses/:key/buy': {
    allowed: 'everyone',
    call: () => ({ params: { key: 'k'.repeat(32) }, body: { name: 'Matrix', phone: '01712345678' } }),
  },
  'POST /api/public/video-pay/sslcommerz/ipn': {
    allowed: 'everyone',
    call: () => ({ body: { tran_id: newId() } }),
  },
  'POST /api/public/video-pay/sslcommerz/:outcome': {
    allowed: 'everyone',
    call: () => ({ params: { outcome: 'fail' }, body: { tran_id: newId() } }),
  },
  // Anyone holding a valid signed address; the files of this sample video were never made (404).
  'GET /media/video/:videoId/:token/*': {
    allowed: 'everyone',
    call: async (w, d) => {
      const { video } = await freshVideo(w, d, 'A');
      const token = signedBase(video, d.clock.now()).base.split('/').at(-1)!;
      return { params: { videoId: video.id, token, '*': 'master.m3u8' } };
    },
  },
};
