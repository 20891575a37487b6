import { type AttendanceInsights, classroomInsights, dayOf, insightRange } from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import type { AccessPolicy } from '../access/access.policy';
import type { AssessmentsService } from '../assessments/assessments.service';
import type { AttendanceReportsService } from '../attendance-reports/attendance-reports.service';
import { requireInsightsOf } from './attendance-insights.policy';

export interface AttendanceInsightsDeps {
  clock: Clock;
  access: AccessPolicy;
  /** The classroom's held sessions and marks, counted as the register counts them. */
  reports: AttendanceReportsService;
  /** The classroom's assessments: their dates are the exam days the insights look ahead to. */
  assessments: AssessmentsService;
}

/**
 * Attendance insights of a classroom: falling attendance, absence streaks, chronic lateness and
 * low attendance before an exam, each with its evidence (rules: attendance-insights/insights.ts).
 * No model is involved; the figures come from the attendance and assessments modules' services.
 */
export class AttendanceInsightsService {
  constructor(private readonly deps: AttendanceInsightsDeps) {}

  async insights(principal: Principal, accountId: string, classroomId: string): Promise<AttendanceInsights> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireInsightsOf(scope, classroomId);
    const today = dayOf(this.deps.clock.now());
    const range = insightRange(today);
    const table = await this.deps.reports.classroomMarks(principal, accountId, classroomId, range);
    const { assessments } = await this.deps.assessments.list(principal, accountId, classroomId);
    return {
      classroom: table.classroom,
      today,
      earlier: range.earlier,
      recent: range.recent,
      students: classroomInsights({
        today,
        held: table.held,
        students: table.students,
        exams: assessments.map((a) => ({ id: a.id, name: a.name, heldOn: a.heldOn })),
      }),
    };
  }
}
