import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { child } from './matrix-samples-portal';
import { readersOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of resumable uploads (modules/uploads) and classroom files
// (modules/classroom-files/classroom-files.policy.ts). Anyone who works in the account starts an
// upload for it; only its uploader (the side's teacher here) resumes or cancels it. Whoever sees
// the classroom keeps its files; families read what is shared with the child. Each call that
// changes something names an object made for that call.

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function freshUpload(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  await deps.db.kysely
    .insertInto('uploads')
    .values({
      id,
      account_id: w.accounts[side],
      uploader_user_id: side === 'A' ? w.users.teacherA : w.users.teacherB,
      purpose: 'classroom-file',
      file_name: 'matrix.pdf',
      content_type: 'application/pdf',
      size_bytes: 10,
      storage_key: null,
      status: 'uploading',
      created_at: now,
      finished_at: null,
      claimed_at: null,
    })
    .execute();
  return id;
}

/** A stored PDF shared with the side's classroom, and a folder beside it. */
async function freshFile(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const fileId = newId(now);
  const folderId = newId(now);
  const uploadId = await freshUpload(w, deps, side);
  const storageKey = `uploads/${w.accounts[side]}/${uploadId}.pdf`;
  await deps.storage.put(storageKey, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  const db = deps.db.kysely;
  await db
    .updateTable('uploads')
    .set({ status: 'claimed', storage_key: storageKey })
    .where('id', '=', uploadId)
    .execute();
  const base = {
    account_id: w.accounts[side],
    classroom_id: w.classrooms[side],
    created_by: null,
    created_at: now,
  };
  await db
    .insertInto('file_folders')
    .values({ ...base, id: folderId, name: 'Matrix folder' })
    .execute();
  await db
    .insertInto('classroom_files')
    .values({
      ...base,
      id: fileId,
      folder_id: null,
      upload_id: uploadId,
      title: 'Matrix note',
      note: 'Read me',
      share: 'classroom',
    })
    .execute();
  return { accountId: w.accounts[side], fileId, folderId };
}

const tusUpload = async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: { uploadId: await freshUpload(w, d, side) },
  headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0' },
});

const staffFile = (body?: unknown) => async (w: World, d: Deps, side: 'A' | 'B') => {
  const { accountId, fileId, folderId } = await freshFile(w, d, side);
  return { params: { accountId, fileId, folderId }, body };
};

const sharing = { folderId: null, title: 'Matrix note', note: 'Read me', share: 'classroom', studentIds: [] };

export const UPLOAD_SAMPLES: Record<string, Sample> = {
  'POST /api/uploads': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `accountId ${b64(w.accounts[side])},purpose ${b64('classroom-file')},filename ${b64('m.pdf')}`,
      },
    }),
  },
  'PATCH /api/uploads/:uploadId': { institution: true, allowed: ['teacherA'], call: tusUpload },
  'DELETE /api/uploads/:uploadId': { institution: true, allowed: ['teacherA'], call: tusUpload },
  'GET /api/accounts/:accountId/classrooms/:classroomId/files': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side], classroomId: w.classrooms[side] } }),
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/folders': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side], classroomId: w.classrooms[side] },
      body: { name: 'Matrix folder' },
    }),
  },
  'DELETE /api/accounts/:accountId/file-folders/:folderId': {
    institution: true,
    allowed: readersOfA,
    call: staffFile(),
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/files': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side], classroomId: w.classrooms[side] },
      body: { ...sharing, uploadId: null },
    }),
  },
  'PUT /api/accounts/:accountId/classroom-files/:fileId': {
    institution: true,
    allowed: readersOfA,
    call: staffFile(sharing),
  },
  'DELETE /api/accounts/:accountId/classroom-files/:fileId': {
    institution: true,
    allowed: readersOfA,
    call: staffFile(),
  },
  'GET /api/accounts/:accountId/classroom-files/:fileId/content': {
    institution: true,
    allowed: readersOfA,
    call: staffFile(),
  },
  'GET /api/accounts/:accountId/storage-usage': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'GET /api/portal/students/:studentId/files': {
    institution: true,
    allowed: ['studentA', 'parentA'],
    call: (w, d, side) => child(w, d, side),
  },
  'GET /api/portal/students/:studentId/files/:fileId/content': {
    institution: true,
    allowed: ['studentA', 'parentA'],
    call: async (w, d, side) => {
      const { fileId } = await freshFile(w, d, side);
      return { params: { ...(await child(w, d, side)).params, fileId } };
    },
  },
};
