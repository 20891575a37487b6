import type { AssessmentInput, MarkCellInput } from '@batchwise/domain';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { signUp } from './factories';
import { addStudent, createClassroom, enrolledSince } from './school';

// A teacher with a classroom of students and an assessment, for the assessments tests.

export const HALF_YEARLY: AssessmentInput = {
  name: 'Half-yearly',
  term: 'Half-yearly 2026',
  heldOn: '2026-06-15',
  weight: 80,
  subjects: [
    { name: 'Bangla', kind: 'compulsory', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
    {
      name: 'Physics',
      kind: 'compulsory',
      parts: [
        { key: 'cq', name: 'CQ', fullMarks: 50, passMarks: 17 },
        { key: 'mcq', name: 'MCQ', fullMarks: 25, passMarks: 8 },
      ],
    },
    { name: 'Agriculture', kind: 'optional', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
  ],
};

export async function assessmentSchool(app: FastifyInstance, deps: Deps, students = 3) {
  const t = await signUp(app, deps);
  const classroomId = await createClassroom(t.client, t.accountId, { name: 'Class 9 Science' });
  const names = ['Anika Rahman', 'Bristi Das', 'Chayan Roy', 'Dipu Mia', 'Esha Khan'];
  const list: { id: string; name: string; customId: string | null }[] = [];
  for (let i = 0; i < students; i += 1) {
    const name = names[i] ?? `Student ${i}`;
    const s = await addStudent(t.client, t.accountId, {
      name,
      customId: `ID-${i + 1}`,
      enrolments: [{ classroomId, tuitionFeePaisa: null }],
    });
    list.push({ id: s.id, name, customId: s.customId });
  }
  await enrolledSince(deps, classroomId, '2026-01-01');
  const base = `/api/accounts/${t.accountId}`;
  const created = await t.client.post(`${base}/classrooms/${classroomId}/assessments`, HALF_YEARLY);
  if (created.statusCode !== 201) throw new Error(`assessment not created: ${created.body}`);
  const assessment = created.json() as { id: string; subjects: { id: string; name: string }[] };
  const subject = (name: string) => assessment.subjects.find((s) => s.name === name)!.id;
  const marksUrl = `${base}/assessments/${assessment.id}/marks`;
  const save = (client: typeof t.client, cells: MarkCellInput[]) =>
    client.request({ method: 'PATCH', url: marksUrl, payload: { cells } });
  const cell = (
    student: number,
    subjectName: string,
    partKey: string,
    marks: number | null,
    version = 0,
    absent = false,
  ) => ({
    studentId: list[student]!.id,
    subjectId: subject(subjectName),
    partKey,
    marks,
    absent,
    version,
  });
  return { t, classroomId, students: list, base, assessment, subject, marksUrl, save, cell };
}
