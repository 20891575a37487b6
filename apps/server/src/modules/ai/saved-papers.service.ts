import {
  type AssessmentView,
  assessmentInputSchema,
  PAPER_PASS_SHARE,
  type PaperAssessmentInput,
  type PaperContent,
  paperAssessmentInputSchema,
  paperContentSchema,
  paperTotalMarks,
  SAVED_PAPERS_MAX,
  type SavedPaper,
  type SavedPaperInput,
  type SavedPaperSummary,
  savedPaperInputSchema,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { QuestionPapersTable } from '../../db/schema-question-papers';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { requireAssessmentsOf } from '../assessments/assessments.policy';
import type { AssessmentsService } from '../assessments/assessments.service';
import { visibleClassroom } from '../assessments/assessments-access';
import type { PdfRenderer } from '../exports/pdf-renderer';
import { pictureUrl } from '../media/images';
import { ReportCardsRepository } from '../report-cards/report-cards.repository';
import { questionPaperHtml } from './question-paper-html';
import { QuestionPapersRepository } from './question-papers.repository';

export interface SavedPapersDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  pdf: PdfRenderer;
  assessments: AssessmentsService;
  /** A stored picture (the institution's logo) as a data URL the PDF page inlines. */
  picture(url: string): Promise<string | undefined>;
}

/**
 * Question papers kept per classroom (spec part 1 §1 "AI add-ons"): saved after the teacher
 * edited a draft, printed with the institution's header, made into an assessment. Whoever works
 * the classroom's assessments works its papers (the assessments policy decides); nothing here
 * reaches the model.
 */
export class SavedPapersService {
  private readonly repo: QuestionPapersRepository;

  constructor(private readonly deps: SavedPapersDeps) {
    this.repo = new QuestionPapersRepository(deps.db.kysely);
  }

  async list(principal: Principal, accountId: string, classroomId: string) {
    await visibleClassroom(this.deps, this.deps.db.kysely, principal, accountId, classroomId);
    const rows = await this.repo.ofClassroom(accountId, classroomId, SAVED_PAPERS_MAX);
    return { papers: rows.map(summaryOf) };
  }

  async save(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: SavedPaperInput,
  ): Promise<SavedPaper> {
    const body = savedPaperInputSchema.parse(input);
    await visibleClassroom(this.deps, this.deps.db.kysely, principal, accountId, classroomId);
    if ((await this.repo.count(classroomId)) >= SAVED_PAPERS_MAX)
      throw failure(409, 'QUESTION_PAPERS_FULL', { max: SAVED_PAPERS_MAX });
    const now = this.deps.clock.now();
    const row: QuestionPapersTable = {
      id: newId(now),
      account_id: accountId,
      classroom_id: classroomId,
      ...columnsOf(body),
      created_by: principal.user.id,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(row);
    return paperOf(row);
  }

  async get(principal: Principal, accountId: string, paperId: string): Promise<SavedPaper> {
    return paperOf(await this.visible(principal, accountId, paperId));
  }

  async update(
    principal: Principal,
    accountId: string,
    paperId: string,
    input: SavedPaperInput,
  ): Promise<SavedPaper> {
    const body = savedPaperInputSchema.parse(input);
    const row = await this.visible(principal, accountId, paperId);
    const changed = { ...columnsOf(body), updated_at: this.deps.clock.now() };
    await this.repo.update(paperId, changed);
    return paperOf({ ...row, ...changed });
  }

  async remove(principal: Principal, accountId: string, paperId: string) {
    await this.visible(principal, accountId, paperId);
    await this.repo.delete(paperId);
    return { ok: true as const };
  }

  /** The paper under the institution's header, with the answer key on pages of its own if asked. */
  async pdf(principal: Principal, accountId: string, paperId: string, answers: boolean) {
    const row = await this.visible(principal, accountId, paperId);
    const header = await new ReportCardsRepository(this.deps.db.kysely).classroom(
      accountId,
      row.classroom_id,
    );
    if (!header) throw notFound();
    const job = this.deps.pdf.admit(principal.user.id);
    try {
      const logoUrl = pictureUrl(header.logo_key);
      const html = questionPaperHtml({
        institution: header.institution,
        logo: logoUrl ? await this.deps.picture(logoUrl).catch(() => undefined) : undefined,
        classroomName: header.name,
        classLevel: row.class_level,
        subject: row.subject,
        language: row.language,
        durationMinutes: row.duration_minutes,
        totalMarks: row.total_marks,
        paper: contentOf(row),
        answers,
      });
      const body = await job.renderHtml(html, {
        margin: { top: '12mm', bottom: '12mm', left: '14mm', right: '14mm' },
      });
      return { body, fileName: `${row.title}.pdf` };
    } finally {
      job.release();
    }
  }

  /**
   * An assessment of the paper's classroom with one subject, the paper's subject, whose full
   * marks are the paper's and pass marks the boards' 33% (the teacher edits it there after).
   */
  async toAssessment(
    principal: Principal,
    accountId: string,
    paperId: string,
    input: PaperAssessmentInput,
  ): Promise<AssessmentView> {
    const body = paperAssessmentInputSchema.parse(input);
    const row = await this.visible(principal, accountId, paperId);
    const assessment = assessmentInputSchema.parse({
      ...body,
      weight: 100,
      subjects: [
        {
          name: row.subject,
          kind: 'compulsory',
          parts: [
            {
              key: 'total',
              name: '',
              fullMarks: row.total_marks,
              passMarks: Math.ceil(row.total_marks * PAPER_PASS_SHARE),
            },
          ],
        },
      ],
    });
    return this.deps.assessments.create(principal, accountId, row.classroom_id, assessment);
  }

  private async visible(principal: Principal, accountId: string, paperId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const row = await this.repo.paper(accountId, paperId);
    if (!row) throw notFound();
    requireAssessmentsOf(scope, row.classroom_id);
    return row;
  }
}

function columnsOf(body: ReturnType<typeof savedPaperInputSchema.parse>) {
  const { paper } = body;
  return {
    title: paper.title,
    class_level: body.classLevel,
    subject: body.subject,
    language: body.language,
    duration_minutes: body.durationMinutes,
    content: JSON.stringify(paper),
    total_marks: paperTotalMarks(paper),
    questions: paper.mcq.length + paper.short.length + paper.creative.length,
  };
}

function contentOf(row: QuestionPapersTable): PaperContent {
  return paperContentSchema.parse(JSON.parse(row.content));
}

function summaryOf(
  row: Pick<
    QuestionPapersTable,
    | 'id'
    | 'classroom_id'
    | 'title'
    | 'class_level'
    | 'subject'
    | 'language'
    | 'total_marks'
    | 'questions'
    | 'updated_at'
  >,
): SavedPaperSummary {
  return {
    id: row.id,
    classroomId: row.classroom_id,
    title: row.title,
    classLevel: row.class_level,
    subject: row.subject,
    language: row.language,
    totalMarks: row.total_marks,
    questions: row.questions,
    updatedAt: Number(row.updated_at),
  };
}

function paperOf(row: QuestionPapersTable): SavedPaper {
  return {
    ...summaryOf(row),
    durationMinutes: row.duration_minutes,
    paper: contentOf(row),
    createdAt: Number(row.created_at),
  };
}
