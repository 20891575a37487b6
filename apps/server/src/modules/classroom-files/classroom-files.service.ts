import type {
  ClassroomFile,
  ClassroomFileInput,
  ClassroomFiles,
  ClassroomFileUpdate,
  FileFolder,
  FileShare,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import type { UploadsService } from '../uploads/uploads.service';
import { requireFilesOf, requireShareStudents } from './classroom-files.policy';
import { ClassroomFilesRepository, type FileRow } from './classroom-files.repository';
import { type FileContent, fileContent, filesChanged } from './file-view';

export interface ClassroomFilesDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  uploads: Pick<UploadsService, 'claim' | 'discard'>;
  storage: Parameters<typeof fileContent>[0];
}

/**
 * The staff side of classroom files and notes (classroom-files.policy.ts says who): folders, files
 * whose bytes are a claimed upload of purpose `classroom-file`, notes without a file, and whom
 * each is shared with. Deleting a file frees its storage.
 */
export class ClassroomFilesService {
  private readonly repo: ClassroomFilesRepository;

  constructor(private readonly deps: ClassroomFilesDeps) {
    this.repo = new ClassroomFilesRepository(deps.db.kysely);
  }

  async list(principal: Principal, accountId: string, classroomId: string): Promise<ClassroomFiles> {
    await this.requireClassroom(principal, accountId, classroomId);
    const [folders, files] = await Promise.all([
      this.repo.folders(classroomId),
      this.repo.classroomFiles(classroomId),
    ]);
    const students = await this.repo.sharedStudents(files.map((f) => f.id));
    return {
      folders: folders.map((f) => ({ id: f.id, name: f.name, createdAt: Number(f.created_at) })),
      files: files.map((f) => staffView(f, students.get(f.id) ?? [])),
    };
  }

  async createFolder(
    principal: Principal,
    accountId: string,
    classroomId: string,
    name: string,
  ): Promise<FileFolder> {
    await this.requireClassroom(principal, accountId, classroomId);
    if (!name) throw failure(400, 'FILE_FOLDER_NAME_REQUIRED');
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.repo.insertFolder({
      id,
      account_id: accountId,
      classroom_id: classroomId,
      name,
      created_by: principal.user.id,
      created_at: now,
    });
    await filesChanged(this.deps.events, accountId);
    return { id, name, createdAt: now };
  }

  async deleteFolder(principal: Principal, accountId: string, folderId: string): Promise<{ ok: true }> {
    const folder = await this.repo.folder(accountId, folderId);
    if (!folder) throw notFound();
    await this.requireClassroom(principal, accountId, folder.classroom_id);
    for (const uploadId of await this.repo.deleteFolder(folderId)) await this.deps.uploads.discard(uploadId);
    await filesChanged(this.deps.events, accountId);
    return { ok: true };
  }

  async create(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: ClassroomFileInput,
  ): Promise<ClassroomFile> {
    await this.requireClassroom(principal, accountId, classroomId);
    if (!input.uploadId && !input.note) throw failure(400, 'FILE_EMPTY');
    await this.checkPlacing(accountId, classroomId, input);
    const upload = input.uploadId
      ? await this.deps.uploads.claim(input.uploadId, { accountId, purpose: 'classroom-file' })
      : null;
    const title = input.title || upload?.fileName || '';
    if (!title) throw failure(400, 'FILE_TITLE_REQUIRED');
    const now = this.deps.clock.now();
    const id = newId(now);
    try {
      await this.repo.insertFile(
        {
          id,
          account_id: accountId,
          classroom_id: classroomId,
          folder_id: input.folderId,
          upload_id: input.uploadId,
          title,
          note: input.note,
          share: input.share,
          created_by: principal.user.id,
          created_at: now,
        },
        sharedWith(input.share, input.studentIds),
      );
    } catch (error) {
      if (input.uploadId) await this.deps.uploads.discard(input.uploadId);
      throw error;
    }
    await filesChanged(this.deps.events, accountId);
    return this.view(accountId, id);
  }

  async update(
    principal: Principal,
    accountId: string,
    fileId: string,
    input: ClassroomFileUpdate,
  ): Promise<ClassroomFile> {
    const file = await this.requireFile(principal, accountId, fileId);
    await this.checkPlacing(accountId, file.classroom_id, input);
    const title = input.title || file.file_name || '';
    if (!title) throw failure(400, 'FILE_TITLE_REQUIRED');
    if (!file.upload_id && !input.note) throw failure(400, 'FILE_EMPTY');
    await this.repo.updateFile(
      fileId,
      { title, note: input.note, folder_id: input.folderId, share: input.share },
      sharedWith(input.share, input.studentIds),
    );
    await filesChanged(this.deps.events, accountId);
    return this.view(accountId, fileId);
  }

  async remove(principal: Principal, accountId: string, fileId: string): Promise<{ ok: true }> {
    const file = await this.requireFile(principal, accountId, fileId);
    await this.repo.deleteFile(fileId);
    if (file.upload_id) await this.deps.uploads.discard(file.upload_id);
    await filesChanged(this.deps.events, accountId);
    return { ok: true };
  }

  async content(principal: Principal, accountId: string, fileId: string): Promise<FileContent> {
    return fileContent(this.deps.storage, await this.requireFile(principal, accountId, fileId));
  }

  private async checkPlacing(
    accountId: string,
    classroomId: string,
    input: { folderId: string | null; share: FileShare; studentIds: string[] },
  ): Promise<void> {
    if (input.folderId) {
      const folder = await this.repo.folder(accountId, input.folderId);
      if (folder?.classroom_id !== classroomId) throw notFound();
    }
    const asked = [...new Set(input.studentIds)];
    requireShareStudents(input.share, asked, await this.repo.enrolled(classroomId, asked));
  }

  private async requireClassroom(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireFilesOf(scope, classroomId);
    if (!(await this.repo.classroom(accountId, classroomId))) throw notFound();
  }

  private async requireFile(principal: Principal, accountId: string, fileId: string): Promise<FileRow> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const file = await this.repo.file(accountId, fileId);
    if (!file) throw notFound();
    requireFilesOf(scope, file.classroom_id);
    return file;
  }

  private async view(accountId: string, fileId: string): Promise<ClassroomFile> {
    const file = (await this.repo.file(accountId, fileId))!;
    const students = await this.repo.sharedStudents([fileId]);
    return staffView(file, students.get(fileId) ?? []);
  }
}

function sharedWith(share: FileShare, studentIds: readonly string[]): string[] {
  return share === 'students' ? [...new Set(studentIds)] : [];
}

function staffView(file: FileRow, studentIds: string[]): ClassroomFile {
  return {
    id: file.id,
    folderId: file.folder_id,
    title: file.title,
    note: file.note,
    fileName: file.file_name,
    contentType: file.content_type,
    sizeBytes: Number(file.size_bytes ?? 0),
    createdAt: Number(file.created_at),
    share: file.share as FileShare,
    studentIds,
    createdByName: file.created_by_name,
  };
}
