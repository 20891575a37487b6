import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { FamilyClass, MyClassesService } from '../students/my-classes.service';
import { type Child, requireChild } from './portal.policy';
import { PortalRepository } from './portal.repository';

/**
 * The portal's guardian-of / self policy for the capabilities that add a page to the family portal
 * (assignments, the classroom wall) without reading the portal's tables: one child of the caller
 * with the classes a family sees, or not found, exactly as the portal's own pages.
 */
export class FamilyChildrenService {
  constructor(private readonly deps: { db: Db; myClasses: MyClassesService }) {}

  async child(principal: Principal, studentId: string): Promise<{ child: Child; classes: FamilyClass[] }> {
    const child = await requireChild(new PortalRepository(this.deps.db.kysely), principal, studentId);
    const classes = (await this.deps.myClasses.classesOf([child.id])).get(child.id) ?? [];
    return { child, classes: classes.filter((c) => c.accountId === child.account_id) };
  }

  /** The child's ids and the classrooms the family sees, for features that only filter by them. */
  async classroomsOf(principal: Principal, studentId: string) {
    const { child, classes } = await this.child(principal, studentId);
    return {
      studentId: child.id,
      accountId: child.account_id,
      classroomIds: classes.map((c) => c.classroomId),
    };
  }
}
