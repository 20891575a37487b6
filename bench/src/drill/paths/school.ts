import { type Api, phoneOf } from '../api';
import type { DrillContext, Teacher } from '../write-path';

/** A teacher of the drill's own, with a classroom to put students in (path set-up). */
export interface School extends Teacher {
  classroomId: string;
}

export async function newSchool(ctx: DrillContext): Promise<School> {
  const teacher = await ctx.signUpTeacher();
  const classroom = await ctx.api.must(
    'POST',
    `/api/accounts/${teacher.accountId}/classrooms`,
    { grade: 'Class 9', subject: 'Physics', name: `Drill batch ${ctx.unique()}` },
    teacher.cookie,
  );
  return { ...teacher, classroomId: classroom.body.id };
}

/** The drawer's body for a student of the school. */
export function studentBody(school: School, fields: { name: string; phone: string; institution?: string }) {
  return {
    name: fields.name,
    phone: fields.phone,
    institution: fields.institution ?? 'Drill School',
    enrolments: [{ classroomId: school.classroomId }],
  };
}

/** Adds a student through the API (path set-up) and returns its id. */
export async function addStudent(
  api: Api,
  school: School,
  n: number,
): Promise<{ id: string; phone: string }> {
  const phone = phoneOf(n);
  const reply = await api.must(
    'POST',
    `/api/accounts/${school.accountId}/students`,
    studentBody(school, { name: `Drill Student ${n}`, phone }),
    school.cookie,
  );
  return { id: reply.body.student.id, phone };
}
