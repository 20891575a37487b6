import type { FamilyFiles } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { FamilyChildrenService } from '../portal/family-children.service';
import { ClassroomFilesRepository } from './classroom-files.repository';
import { type FileContent, familyView, fileContent } from './file-view';

/**
 * The family side of classroom files (classroom-files.policy.ts): what is shared with a child's
 * visible classrooms or with the child, read by the child and their parents.
 */
export class FamilyFilesService {
  private readonly repo: ClassroomFilesRepository;

  constructor(
    private readonly deps: { db: Db; storage: Pick<Storage, 'get'>; family: FamilyChildrenService },
  ) {
    this.repo = new ClassroomFilesRepository(deps.db.kysely);
  }

  async list(principal: Principal, studentId: string): Promise<FamilyFiles> {
    const child = await this.deps.family.classroomsOf(principal, studentId);
    const files = await this.repo.familyFiles(child.classroomIds, child.studentId);
    return { items: files.map(familyView) };
  }

  async content(principal: Principal, studentId: string, fileId: string): Promise<FileContent> {
    const child = await this.deps.family.classroomsOf(principal, studentId);
    const file = await this.repo.familyFile(child.classroomIds, child.studentId, fileId);
    if (!file) throw notFound();
    return fileContent(this.deps.storage, file);
  }
}
