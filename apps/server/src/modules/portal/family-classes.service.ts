import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { MyClassesService } from '../students/my-classes.service';
import { requireChild } from './portal.policy';
import { PortalRepository } from './portal.repository';

/**
 * A child's classrooms as the family portal shows them, behind its guardian-of / self policy:
 * for capabilities that add a page to the portal (the classroom wall) without reading the
 * portal's tables themselves. A child the caller may not read is not found.
 */
export class FamilyClassesService {
  constructor(private readonly deps: { db: Db; myClasses: MyClassesService }) {}

  async classroomsOf(principal: Principal, studentId: string) {
    const child = await requireChild(new PortalRepository(this.deps.db.kysely), principal, studentId);
    const classes = (await this.deps.myClasses.classesOf([child.id])).get(child.id) ?? [];
    return {
      studentId: child.id,
      accountId: child.account_id,
      classroomIds: classes.filter((c) => c.accountId === child.account_id).map((c) => c.classroomId),
    };
  }
}
