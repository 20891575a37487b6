import { phoneOf } from '../api';
import type { Findings, WritePath } from '../write-path';
import { Tracked } from '../write-path';
import { newSchool, type School } from './school';

/**
 * Admission accept: an applicant submits the public form, then staff accept the application into
 * the classroom (student, enrolment and decision in one transaction). An accept whose answer never
 * came is clicked again after the restart (answered, or "already decided"). Each acknowledged
 * accept must leave its application accepted with exactly one student, the one answered, enrolled
 * once; no application may have a student without being accepted, nor two.
 */
export function admissionAcceptPath(): WritePath {
  let school: School;
  // Application id → the student id the accept answered ('' while in flight).
  const accepts = new Tracked<string>((inDb, expected) => expected === '' || inDb === expected);
  let unanswered: string[] = [];
  let sentAgain = 0;
  let addresses = 0;
  // Each applicant from an address of their own (the form's per-address limit).
  const from = () => {
    const n = ++addresses;
    return { 'x-forwarded-for': `10.200.${(n >> 8) & 255}.${n & 255}` };
  };
  const accept = (ctx: Parameters<NonNullable<WritePath['write']>>[0], applicationId: string) =>
    accepts.send(
      applicationId,
      '',
      () =>
        ctx.api.send(
          'POST',
          `/api/accounts/${school.accountId}/admission/applications/${applicationId}/accept`,
          {
            body: { classroomIds: [school.classroomId] },
            cookie: school.cookie,
          },
        ),
      (reply) => reply.body.studentId,
    );

  return {
    name: 'admission-accept',
    clients: 1,
    async setup(ctx) {
      school = await newSchool(ctx);
    },
    async prepare(ctx) {
      const again = unanswered;
      unanswered = [];
      for (const applicationId of again) {
        sentAgain++;
        const reply = await accept(ctx, applicationId);
        if (!reply) unanswered.push(applicationId);
        else if (reply.status !== 200 && reply.body?.error?.code !== 'ADMISSION_ALREADY_DECIDED')
          throw new Error(`accept again: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
    },
    async write(ctx) {
      const n = ctx.unique();
      const submitted = await ctx.api.send('POST', `/api/public/admission/${school.accountId}/applications`, {
        body: { name: `Applicant ${n}`, phone: phoneOf(n, '019'), details: 'Class 10, Math batch' },
        headers: from(),
      });
      if (submitted.status !== 201)
        throw new Error(`submit: ${submitted.status} ${JSON.stringify(submitted.body)}`);
      const reply = await accept(ctx, submitted.body.id);
      if (!reply) unanswered.push(submitted.body.id);
      else if (reply.status !== 200) throw new Error(`accept: ${reply.status} ${JSON.stringify(reply.body)}`);
    },
    async verify(db) {
      const findings: Findings = { losses: [], duplicates: [] };
      const applications = await db
        .selectFrom('admission_applications')
        .select(['id', 'name', 'phone', 'status', 'student_id'])
        .where('account_id', '=', school.accountId)
        .execute();
      const students = await db
        .selectFrom('students')
        .leftJoin('enrolments', (join) =>
          join
            .onRef('enrolments.student_id', '=', 'students.id')
            .on('enrolments.classroom_id', '=', school.classroomId),
        )
        .select(['students.id', 'students.phone', 'enrolments.id as enrolment'])
        .where('students.account_id', '=', school.accountId)
        .execute();
      const enrolmentsOf = new Map<string, number>();
      const byPhone = new Map<string, Set<string>>();
      for (const s of students) {
        enrolmentsOf.set(s.id, (enrolmentsOf.get(s.id) ?? 0) + (s.enrolment ? 1 : 0));
        byPhone.set(s.phone, (byPhone.get(s.phone) ?? new Set()).add(s.id));
      }
      const found = new Map<string, string>();
      for (const a of applications) {
        const made = byPhone.get(a.phone)?.size ?? 0;
        if (made > 1) findings.duplicates.push(`application ${a.name}: ${made} students`);
        if (a.status !== 'Accepted') {
          if (made > 0) findings.duplicates.push(`application ${a.name}: ${a.status} with a student made`);
          continue;
        }
        found.set(a.id, a.student_id ?? 'no student');
        const enrolled = a.student_id ? enrolmentsOf.get(a.student_id) : undefined;
        if (enrolled === undefined)
          findings.losses.push(`application ${a.name}: accepted, its student missing`);
        else if (enrolled !== 1)
          findings.losses.push(`application ${a.name}: accepted, enrolled ${enrolled} times`);
      }
      findings.losses.push(...accepts.reconcile(found, (id) => `accept of application ${id}`));
      return findings;
    },
    figures: () => ({
      acknowledged: accepts.acknowledged,
      inFlightAtKill: accepts.inFlightAtKill,
      sentAgain,
    }),
  };
}
