import type { MyClasses } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import { parseTimings } from '../classrooms/classrooms.service';
import { pictureUrl } from '../media/images';
import { MyClassesRepository } from './my-classes.repository';

/**
 * The student and parent views (part 1 §4 "Loading by role"): a student reads their own records,
 * a parent the children linked to their phone; each with accepted classes only, never of type
 * Others, Management Internal or Hidden. Nothing about other students is ever included.
 */
export class MyClassesService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * The visible classes of these students (the family portal's children, already checked by its
   * policy), each as `classes` shows it, by student.
   */
  async classesOf(studentIds: readonly string[]): Promise<Map<string, FamilyClass[]>> {
    const rows = await new MyClassesRepository(this.deps.db.kysely).classes(studentIds);
    const byStudent = new Map<string, FamilyClass[]>(studentIds.map((id) => [id, []]));
    for (const c of rows) byStudent.get(c.student_id)?.push({ ...classView(c), accountId: c.account_id });
    return byStudent;
  }

  async classes(principal: Principal): Promise<MyClasses> {
    const { user } = principal;
    const repo = new MyClassesRepository(this.deps.db.kysely);
    const filter =
      user.profession === 'Parent' ? (user.phone ? { parentPhone: user.phone } : null) : { userId: user.id };
    const records = filter ? await repo.withClasses(filter) : [];
    return {
      students: records.map((r) => ({
        studentId: r.id,
        accountId: r.account_id,
        name: r.name,
        customId: r.custom_id,
        avatarUrl: pictureUrl(r.avatar_key),
        institution: r.institution,
        classes: r.classes.map(classView),
      })),
    };
  }
}

type ClassRow = Awaited<ReturnType<MyClassesRepository['classes']>>[number];
export type FamilyClass = ReturnType<typeof classView> & { accountId: string };

function classView(c: ClassRow) {
  return {
    classroomId: c.id,
    name: c.name,
    grade: c.grade,
    subject: c.subject,
    color: c.color,
    avatarUrl: pictureUrl(c.avatar_key),
    type: c.type,
    teacherName: c.teacher_name,
    institution: c.institution,
    startDate: c.start_date,
    timings: parseTimings(c.timings),
    tuitionFeePaisa: c.tuition_fee ?? c.classroom_fee,
    acceptedAt: c.accepted_at,
  };
}
