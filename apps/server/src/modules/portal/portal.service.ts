import {
  type BillingMonth,
  dayOf,
  monthOf,
  ONLINE_PAY,
  type PayItem,
  type PaymentGateway,
  type PortalAttendance,
  type PortalChild,
  type PortalClasses,
  type PortalFees,
  type PortalHome,
  type PortalResults,
  type PortalSettings,
  type StudentDuesView,
  totalsOf,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AttendanceReportsService } from '../attendance-reports/attendance-reports.service';
import { portalChannel } from '../events/channels';
import type { FeesService } from '../fees/fees.service';
import type { PaymentsService } from '../fees/payments.service';
import { pictureUrl } from '../media/images';
import type { OnlinePayService } from '../online-pay/online-pay.service';
import type { OnlinePayGatewayService } from '../online-pay/online-pay-gateway.service';
import type { ReportCardsService } from '../report-cards/report-cards.service';
import type { ReportLinksService } from '../report-cards/report-links.service';
import type { SmsHistoryService } from '../sms/sms-history.service';
import type { FamilyClass, MyClassesService } from '../students/my-classes.service';
import { type Child, childrenOf, classroomsShowing, requireChild, settingsOf } from './portal.policy';
import { PortalRepository } from './portal.repository';
import { familyPhone, resultOf, todayOf } from './portal-parts';

export interface PortalDeps {
  db: Db;
  clock: Clock;
  fees: FeesService;
  payments: PaymentsService;
  onlinePay: OnlinePayService;
  onlinePayGateway: OnlinePayGatewayService;
  attendanceReports: AttendanceReportsService;
  reportCards: ReportCardsService;
  reportLinks: ReportLinksService;
  smsHistory: SmsHistoryService;
  myClasses: MyClassesService;
}

type Card = Awaited<ReturnType<ReportCardsService['familyCards']>>[number];

/** What the home has read for a child already, handed to the parts that need it. */
interface KnownOfChild {
  classes: readonly FamilyClass[];
  settings: Map<string, PortalSettings>;
  gateways: PaymentGateway[];
}

/**
 * The family portal (DESIGN.md §1 "Family portal"): a parent's children, or a student's own
 * records, read through the fees, online-pay, attendance, report-card and SMS services behind the
 * guardian-of / self policy (portal.policy.ts); each classroom's portal settings decide what
 * of it a family sees, here on the server.
 */

export class PortalService {
  constructor(private readonly deps: PortalDeps) {}

  async home(principal: Principal): Promise<PortalHome> {
    const children = await childrenOf(this.repo(), principal);
    const classes = await this.deps.myClasses.classesOf(children.map((c) => c.id));
    const payOptions = await this.deps.onlinePay.onlinePayOptions([
      ...new Set(children.map((c) => c.account_id)),
    ]);
    const readAt = await this.repo().messagesReadAt(
      principal.user.id,
      children.map((c) => c.id),
    );
    const settings = await this.settingsFor([
      ...new Set([...classes.values()].flat().map((c) => c.classroomId)),
    ]);
    const ownSettings = (own: readonly FamilyClass[]) =>
      new Map(own.map((c) => [c.classroomId, settings.get(c.classroomId)!]));
    const date = dayOf(this.deps.clock.now());
    const days = await this.deps.attendanceReports.familyDays(
      children.map((child) => ({
        accountId: child.account_id,
        studentId: child.id,
        classroomIds: classroomsShowing(ownSettings(classes.get(child.id) ?? []), 'showAttendance'),
      })),
      date,
    );
    const results = await this.deps.reportCards.familyLatestResults(
      children.map((child) => ({
        accountId: child.account_id,
        studentId: child.id,
        classroomIds: classroomsShowing(ownSettings(classes.get(child.id) ?? []), 'showResults'),
      })),
    );
    const asks = children.flatMap((child) => {
      const phone = familyPhone(principal, child);
      return phone
        ? [{ phone, accountId: child.account_id, since: readAt.get(child.id) ?? 0, child: child.id }]
        : [];
    });
    const unread = await this.deps.smsHistory.familyUnread(asks);
    const dueTotals = await this.deps.fees.familyDueTotals(
      children.map((child) => ({ accountId: child.account_id, studentId: child.id })),
    );
    const newMessages = new Map(asks.map((ask, i) => [ask.child, unread[i]!]));
    // One child after another, not side by side: on PostgreSQL a request holding several pool
    // connections at once made every other request wait longer (the portal bench's p99).
    const cards: PortalChild[] = [];
    for (const child of children) {
      const own = classes.get(child.id) ?? [];
      const settings = ownSettings(own);
      const latest = results.get(child.id);
      cards.push({
        studentId: child.id,
        accountId: child.account_id,
        name: child.name,
        customId: child.custom_id,
        avatarUrl: pictureUrl(child.avatar_key),
        institution: child.institution,
        logoUrl: pictureUrl(child.logo_key),
        classes: own.map((c) => ({
          classroomId: c.classroomId,
          name: c.name,
          settings: settings.get(c.classroomId)!,
        })),
        today:
          classroomsShowing(settings, 'showAttendance').length > 0
            ? todayOf(days.get(child.id)!, date)
            : null,
        dues: await this.dueCard(
          child,
          own,
          settings,
          payOptions.get(child.account_id) ?? [],
          dueTotals.get(child.id),
        ),
        latestResult: latest ? resultOf(latest) : null,
        newMessages: newMessages.get(child.id) ?? 0,
      });
    }
    return { role: principal.user.profession === 'Student' ? 'Student' : 'Parent', children: cards };
  }

  async fees(principal: Principal, studentId: string, through?: BillingMonth): Promise<PortalFees> {
    const child = await requireChild(this.repo(), principal, studentId);
    const { dues, shown, payable, gateways } = await this.visibleDues(child, through);
    if (shown.size === 0) throw failure(403, 'PORTAL_DUES_HIDDEN');
    return {
      student: this.studentOf(child),
      dues,
      payments: await this.deps.payments.familyList(child.account_id, child.id),
      pay: {
        enabled: payable.length > 0 && gateways.length > 0,
        gateways: payable.length > 0 ? gateways : [],
        payableClassroomIds: payable,
        minimumPaisa: ONLINE_PAY.minimumPaisa,
        windowMinutes: ONLINE_PAY.windowMs / 60_000,
      },
    };
  }

  /** "Pay now": only months and items of classrooms whose teacher allows paying in the portal. */
  async pay(
    principal: Principal,
    studentId: string,
    input: { gateway: 'sslcommerz' | 'bkash'; items: PayItem[] },
  ) {
    const child = await requireChild(this.repo(), principal, studentId);
    const { dues, payable, gateways } = await this.visibleDues(child, undefined);
    if (payable.length === 0 || !gateways.includes(input.gateway)) throw failure(409, 'PORTAL_PAY_OFF');
    const allowed = new Set(payable);
    for (const item of input.items) {
      const classroomId =
        item.kind === 'month'
          ? item.classroomId
          : dues.lines.find((l) => l.kind === 'charge' && l.chargeId === item.chargeId)?.classroomId;
      if (classroomId !== null && (classroomId === undefined || !allowed.has(classroomId)))
        throw failure(409, 'PORTAL_PAY_OFF');
    }
    const area = principal.user.profession === 'Student' ? 'student' : 'parent';
    const returnPath = `/${area}/fees?student=${encodeURIComponent(child.id)}`;
    return this.deps.onlinePayGateway.startForStudent(child.account_id, child.id, input, returnPath);
  }

  async attendance(principal: Principal, studentId: string, month?: BillingMonth): Promise<PortalAttendance> {
    const child = await requireChild(this.repo(), principal, studentId);
    return this.attendanceOf(child, month);
  }

  /** A child's month as the portal and the attendance link show it; 403 when no classroom shows it. */
  async attendanceOf(child: Pick<Child, 'id' | 'account_id' | 'institution'>, month?: BillingMonth) {
    const classes = (await this.deps.myClasses.classesOf([child.id])).get(child.id) ?? [];
    const settings = await this.settingsFor(classes.map((c) => c.classroomId));
    const shown = classroomsShowing(settings, 'showAttendance');
    if (shown.length === 0) throw failure(403, 'PORTAL_ATTENDANCE_HIDDEN');
    const now = this.deps.clock.now();
    const calendar = await this.deps.attendanceReports.familyCalendar(
      child.account_id,
      child.id,
      month ?? monthOf(now),
      new Set(shown),
    );
    return { ...calendar, today: dayOf(now), institution: child.institution };
  }

  async results(principal: Principal, studentId: string): Promise<PortalResults> {
    const child = await requireChild(this.repo(), principal, studentId);
    const cards = await this.cardsOf(child);
    return {
      reportCards: cards.map((c) => ({
        ...resultOf(c.card),
        complete: c.card.overview.complete,
        publishedAt: c.publishedAt || null,
      })),
      assessments: cards.flatMap(({ card }) =>
        card.assessments.map((a) => ({
          assessmentId: a.id,
          classroomId: card.classroom.id,
          classroomName: card.classroom.name,
          name: a.name,
          term: card.term,
          heldOn: a.heldOn,
          obtained: a.obtained,
          fullMarks: a.fullMarks,
          complete: a.complete,
          percent: a.percent,
          gpa: a.gpa,
          letter: a.letter,
          passed: a.passed,
          position: a.position,
          subjects: a.subjects.map((s) => ({
            name: s.name,
            obtained: s.obtained,
            fullMarks: s.fullMarks,
            absent: s.absent,
            letter: s.letter,
          })),
        })),
      ),
    };
  }

  /** A fresh link to one published card of the child (the link page does PDF, acknowledge, feedback). */
  async openReport(principal: Principal, studentId: string, input: { classroomId: string; term: string }) {
    const child = await requireChild(this.repo(), principal, studentId);
    const cards = await this.cardsOf(child, input.classroomId);
    if (!cards.some((c) => c.card.term === input.term)) throw notFound();
    const url = await this.deps.reportLinks.familyLink(
      { accountId: child.account_id, classroomId: input.classroomId, term: input.term },
      child.id,
      principal.user.id,
    );
    return { url };
  }

  async classes(principal: Principal, studentId: string): Promise<PortalClasses> {
    const child = await requireChild(this.repo(), principal, studentId);
    const classes = (await this.deps.myClasses.classesOf([child.id])).get(child.id) ?? [];
    return {
      classes: classes.map((c) => ({
        classroomId: c.classroomId,
        accountId: c.accountId,
        name: c.name,
        grade: c.grade,
        subject: c.subject,
        teacherName: c.teacherName,
        institution: c.institution,
        monthlyFeePaisa: Number(c.tuitionFeePaisa),
        schedule: c.timings,
        acceptedAt: c.acceptedAt === null ? null : Number(c.acceptedAt),
      })),
    };
  }

  /**
   * SMS the child's teachers sent to the caller's phone (a student: their own number). Opening
   * the first page reads them: the home card's count of new messages starts again from now.
   */
  async messages(principal: Principal, studentId: string, page: number, pageSize: number) {
    const child = await requireChild(this.repo(), principal, studentId);
    const phone = familyPhone(principal, child);
    if (!phone) return { items: [], total: 0, page, pageSize };
    const found = await this.deps.smsHistory.familyMessages(phone, [child.account_id], page, pageSize);
    if (page === 1) await this.repo().markMessagesRead(principal.user.id, child.id, this.deps.clock.now());
    return found;
  }

  /**
   * The live-update channels of the caller's children (`portal-student:{id}`), asked again while
   * a stream is open: a phone taken off a record stops its updates too.
   */
  async channels(principal: Principal): Promise<string[]> {
    const { profession } = principal.user;
    if (profession !== 'Student' && profession !== 'Parent') return [];
    return (await childrenOf(this.repo(), principal)).map((c) => portalChannel(c.id));
  }

  // ── parts ──

  private async settingsFor(classroomIds: readonly string[]): Promise<Map<string, PortalSettings>> {
    const rows = await this.repo().settings(classroomIds);
    return new Map(classroomIds.map((id) => [id, settingsOf(rows.find((r) => r.classroom_id === id))]));
  }

  /**
   * The child's dues in the classrooms that show them (charges of no classroom go with any), and
   * where "pay now" is allowed. Totals are those of the lines shown. The home passes what it has
   * read already (the child's classes, their settings, the account's gateways) so each child's
   * card costs only the dues themselves.
   */
  private async visibleDues(child: Child, through: BillingMonth | undefined, known?: KnownOfChild) {
    const all = await this.deps.fees.familyDues(child.account_id, child.id, through);
    const classes = known?.classes ?? (await this.deps.myClasses.classesOf([child.id])).get(child.id) ?? [];
    const ids = new Set<string>(classes.map((c: FamilyClass) => c.classroomId));
    for (const line of all.lines) if (line.classroomId) ids.add(line.classroomId);
    const missing = [...ids].filter((id) => !known?.settings.has(id));
    const settings = new Map([...(known?.settings ?? []), ...(await this.settingsFor(missing))]);
    const shown = new Set(classroomsShowing(settings, 'showDues'));
    const payable = [...shown].filter((id) => settings.get(id)!.onlinePayment);
    const gateways =
      known?.gateways ??
      (await this.deps.onlinePay.onlinePayOptions([child.account_id])).get(child.account_id) ??
      [];
    const lines = all.lines.filter((l) => (l.classroomId ? shown.has(l.classroomId) : shown.size > 0));
    const dues: StudentDuesView =
      lines.length === all.lines.length ? all : { ...all, lines, totals: totalsOf(lines) };
    return { dues, shown, payable, gateways };
  }

  private async dueCard(
    child: Child,
    classes: readonly FamilyClass[],
    settings: Map<string, PortalSettings>,
    gateways: PaymentGateway[],
    summary: { totals: { duePaisa: number }; classroomIds: string[] } | null | undefined,
  ) {
    if (classroomsShowing(settings, 'showDues').length === 0) return null;
    const card = (duePaisa: number, payable: readonly string[]) => ({
      totalDuePaisa: duePaisa,
      canPay: payable.length > 0 && gateways.length > 0 && duePaisa > 0,
    });
    // The child's total as the dues list keeps it (fees/dues-summary.ts): it is the card's total
    // whenever every classroom it adds up shows dues; else only the lines shown are added up.
    const ids = new Set([...classes.map((c) => c.classroomId), ...(summary?.classroomIds ?? [])]);
    if (summary && [...ids].every((id) => settings.get(id)?.showDues))
      return card(
        summary.totals.duePaisa,
        [...ids].filter((id) => settings.get(id)!.onlinePayment),
      );
    const { dues, payable } = await this.visibleDues(child, undefined, { classes, settings, gateways });
    return card(dues.totals.duePaisa, payable);
  }

  private async cardsOf(child: Child, onlyClassroomId?: string): Promise<Card[]> {
    const classes = (await this.deps.myClasses.classesOf([child.id])).get(child.id) ?? [];
    const settings = await this.settingsFor(classes.map((c) => c.classroomId));
    const shown = classroomsShowing(settings, 'showResults').filter(
      (id) => onlyClassroomId === undefined || id === onlyClassroomId,
    );
    if (shown.length === 0) throw failure(403, 'PORTAL_RESULTS_HIDDEN');
    return this.deps.reportCards.familyCards(child.account_id, shown, child.id);
  }

  private studentOf(child: Child) {
    return { id: child.id, name: child.name, customId: child.custom_id, institution: child.institution };
  }

  private repo() {
    return new PortalRepository(this.deps.db.kysely);
  }
}
