import { dayOf, examReminderSms, occurrencesBetween } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { SessionRow } from '../../db/schema';
import { type Principal, rolesOf } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { UsersRepository } from '../auth/users.repository';
import { nextReminderCheck } from '../dues-reminders/dues-reminders-schedule';
import type { JobQueue } from '../jobs/jobs.service';
import { classroomNotice } from '../sms/classroom-notice';
import type { SmsComposeService } from '../sms/sms-compose.service';
import { scheduleOf, TimetableRepository } from './timetable.repository';

// The optional reminder SMS before an exam day (the schedule drives the rest): once a day (10:00
// in Bangladesh, with the dues and renewal reminders) the exam days of tomorrow whose teacher
// asked for it go to the classroom's students and first guardians through the SMS compose rules
// (quota, quiet hours: not urgent). Each exam event is claimed on its row before the send, so a
// rerun, a second worker or a retried job never sends it twice.

export const EXAM_REMINDERS_JOB = 'timetable.exam-reminders';

const DAY_MS = 86_400_000;

export async function scheduleExamReminders(jobs: JobQueue, clock: Clock): Promise<void> {
  const runAt = nextReminderCheck(clock.now());
  await jobs.enqueue(
    EXAM_REMINDERS_JOB,
    {},
    { runAt, idempotencyKey: `${EXAM_REMINDERS_JOB}:${dayOf(runAt)}` },
  );
}

export interface ExamReminderDeps {
  db: Db;
  clock: Clock;
  smsCompose: SmsComposeService;
}

/** Sends tomorrow's exam reminders not yet sent; answers how many exams were reminded. */
export async function sendExamReminders(deps: ExamReminderDeps): Promise<number> {
  const now = deps.clock.now();
  const tomorrow = dayOf(now + DAY_MS);
  const repo = new TimetableRepository(deps.db.kysely);
  const users = new UsersRepository(deps.db.kysely);
  let sent = 0;
  for (const exam of await repo.examsToRemind(tomorrow)) {
    // An exam cancelled (or moved) by a later change of the timetable is not reminded.
    const schedule = scheduleOf(
      { timings: exam.timings, startDate: exam.start_date },
      await repo.events([exam.classroom_id], tomorrow, tomorrow),
    );
    const held = occurrencesBetween(schedule, tomorrow, tomorrow).some(
      (o) => o.eventId === exam.id && o.status === 'exam',
    );
    if (!held || !exam.start || !exam.remind_language) continue;
    const owner = await users.findById(exam.owner_user_id);
    if (!owner) continue;
    if (!(await repo.claimReminder(exam.id, now))) continue;
    // Sent as the account's owner, who sees every classroom; there is no session behind a job.
    const principal: Principal = { user: owner, roles: rolesOf(owner), session: {} as SessionRow };
    const text = examReminderSms(
      {
        classroom: exam.classroom_name,
        date: tomorrow,
        start: exam.start,
        place: exam.place,
        note: exam.note,
      },
      exam.remind_language,
    );
    try {
      const queued = await deps.smsCompose.send(
        principal,
        exam.account_id,
        classroomNotice(exam.classroom_id, text, { urgent: false }),
      );
      await repo.setReminderSend(exam.id, queued.sendId);
      sent += 1;
    } catch (err) {
      // A refusal for good (no quota, nobody to reach) stays claimed with no send: the exam is
      // tomorrow, a later run would be too late. Anything else is given back for the retry.
      if (err instanceof AppError && err.status < 500) continue;
      await repo.releaseReminder(exam.id);
      throw err;
    }
  }
  return sent;
}

export function examReminderHandlers(deps: ExamReminderDeps & { jobs: JobQueue; log: FastifyBaseLogger }) {
  return {
    [EXAM_REMINDERS_JOB]: async () => {
      await scheduleExamReminders(deps.jobs, deps.clock);
      const sent = await sendExamReminders(deps);
      if (sent > 0) deps.log.info({ exams: sent }, 'exam reminder SMS queued');
    },
  };
}
