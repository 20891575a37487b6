import { DHAKA_UTC_OFFSET_MS } from '@batchwise/domain';
import type { Reply } from '../api';
import type { DrillContext, WritePath } from '../write-path';
import { Tracked } from '../write-path';
import { addStudent, newSchool, type School } from './school';

const SUBJECTS = [
  {
    name: 'Math',
    parts: [
      { key: 'cq', name: 'CQ', fullMarks: 70, passMarks: 23 },
      { key: 'mcq', name: 'MCQ', fullMarks: 30, passMarks: 10 },
    ],
  },
  { name: 'English', parts: [{ key: 'total', name: '', fullMarks: 100, passMarks: 33 }] },
];

interface Cell {
  key: string;
  studentId: string;
  subjectId: string;
  partKey: string;
  fullMarks: number;
}

interface CellReply {
  studentId: string;
  subjectId: string;
  partKey: string;
  marks: number | null;
  version: number;
}

const keyOf = (c: { studentId: string; subjectId: string; partKey: string }) =>
  `${c.studentId}|${c.subjectId}|${c.partKey}`;

/**
 * The marks grid's save: each client types marks for a student of its own and saves the changed
 * cells with the versions it read (PATCH, one transaction). After a restart the grid is read again,
 * as the page refetches. Each acknowledged save must hold its values; a save caught in flight
 * holds all of its cells or none of the new ones.
 */
export function marksSavePath(clients = 2): WritePath {
  let school: School;
  let assessmentId: string;
  const cells: Cell[][] = [];
  const versions = new Map<string, number>();
  const marks = new Tracked<number | null>();
  /** Saves whose answer has not come: the new value of each cell and the one acknowledged before. */
  const unanswered = new Set<{ key: string; value: number; before: number | null | undefined }[]>();
  const path = () => `/api/accounts/${school.accountId}/assessments/${assessmentId}/marks`;

  const readGrid = async (ctx: DrillContext) => {
    const grid = await ctx.api.send('GET', path(), { cookie: school.cookie });
    if (grid.status !== 200) throw new Error(`marks grid: ${grid.status} ${JSON.stringify(grid.body)}`);
    for (const c of grid.body.cells as CellReply[]) versions.set(keyOf(c), c.version);
  };

  return {
    name: 'marks-save',
    clients,
    async setup(ctx) {
      school = await newSchool(ctx);
      const students = [];
      for (let i = 0; i < clients; i++) students.push((await addStudent(ctx.api, school, ctx.unique())).id);
      // The exam is held today in Dhaka, where the students' enrolment dates are counted: a UTC
      // date is the day before from 18:00 UTC, when the students would not yet be enrolled.
      const today = new Date(Date.now() + DHAKA_UTC_OFFSET_MS).toISOString().slice(0, 10);
      const assessment = await ctx.api.send(
        'POST',
        `/api/accounts/${school.accountId}/classrooms/${school.classroomId}/assessments`,
        {
          body: {
            name: `Drill test ${ctx.unique()}`,
            term: 'Half-yearly',
            heldOn: today,
            weight: 100,
            subjects: SUBJECTS,
          },
          cookie: school.cookie,
        },
      );
      if (assessment.status !== 201)
        throw new Error(`assessment: ${assessment.status} ${JSON.stringify(assessment.body)}`);
      assessmentId = assessment.body.id;
      const subjects = assessment.body.subjects as {
        id: string;
        name: string;
        parts: { key: string; fullMarks: number }[];
      }[];
      for (const studentId of students)
        cells.push(
          subjects.flatMap((s) =>
            s.parts.map((p) => ({
              key: keyOf({ studentId, subjectId: s.id, partKey: p.key }),
              studentId,
              subjectId: s.id,
              partKey: p.key,
              fullMarks: p.fullMarks,
            })),
          ),
        );
    },
    async prepare(ctx) {
      await readGrid(ctx);
    },
    async write(ctx, client) {
      const mine = cells[client]!.filter(() => ctx.random.next() < 0.7);
      if (mine.length === 0) return;
      const body = mine.map((c) => ({
        studentId: c.studentId,
        subjectId: c.subjectId,
        partKey: c.partKey,
        // Up to two decimals, as the grid takes them.
        marks: ctx.random.int(0, c.fullMarks * 4) / 4,
        absent: false,
        version: versions.get(c.key) ?? 0,
      }));
      const save = body.map((c) => ({ key: keyOf(c), value: c.marks, before: marks.get(keyOf(c)) }));
      unanswered.add(save);
      const request = ctx.api.send('PATCH', path(), { body: { cells: body }, cookie: school.cookie });
      const answered = (reply: Reply, key: string) =>
        ([...reply.body.saved, ...reply.body.conflicts] as CellReply[]).find((c) => keyOf(c) === key)
          ?.marks ?? null;
      const replies = await Promise.all(
        body.map((cell) =>
          marks.send(
            keyOf(cell),
            cell.marks,
            () => request,
            (reply) => answered(reply, keyOf(cell)),
          ),
        ),
      );
      const reply = replies[0];
      if (!reply) return;
      unanswered.delete(save);
      if (reply.status !== 200) throw new Error(`marks save: ${reply.status} ${JSON.stringify(reply.body)}`);
      for (const c of [...reply.body.saved, ...reply.body.conflicts] as CellReply[])
        versions.set(keyOf(c), c.version);
      if (reply.body.conflicts.length > 0)
        throw new Error(
          `marks save: ${reply.body.conflicts.length} conflicts on cells only this client writes`,
        );
    },
    async verify(db) {
      const rows = await db
        .selectFrom('assessment_marks')
        .select(['student_id', 'subject_id', 'part_key', 'marks'])
        .where('assessment_id', '=', assessmentId)
        .execute();
      const found = new Map(
        rows.map((r) => [
          keyOf({ studentId: r.student_id, subjectId: r.subject_id, partKey: r.part_key }),
          r.marks === null ? null : Number(r.marks) / 100,
        ]),
      );
      // A save caught in flight is one transaction: all its new values, or none of them.
      const torn = [...unanswered].filter((save) => {
        const changed = save.filter((c) => c.value !== c.before);
        const stored = changed.filter((c) => found.get(c.key) === c.value).length;
        return stored > 0 && stored < changed.length;
      });
      unanswered.clear();
      const losses = torn.map((save) => `marks save of ${save.map((c) => c.key).join(', ')}: partly stored`);
      return { losses: [...losses, ...marks.reconcile(found, (key) => `marks cell ${key}`)], duplicates: [] };
    },
    figures: () => ({ acknowledged: marks.acknowledged, inFlightAtKill: marks.inFlightAtKill }),
  };
}
