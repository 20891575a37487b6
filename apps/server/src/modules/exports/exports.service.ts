import {
  EXPORT_MAX_ROWS,
  type ExportTable,
  formatDmy,
  formatTime12h,
  type InterfaceLanguage,
  type StudentExportColumn,
  type studentExportQuerySchema,
  type TableExportFormat,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { seesClassroom } from '../access/access.policy';
import { parseCustomFields } from '../students/student-context';
import { StudentsRepository } from '../students/students.repository';
import type { StudentsService } from '../students/students.service';
import { renderCsv } from './csv';
import type { PdfJob, PdfRenderer } from './pdf-renderer';
import { STUDENT_HEADERS } from './student-export-headers';
import { renderXlsx, type Table } from './xlsx';

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<TableExportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Rows a PDF may have; XLSX keeps EXPORT_MAX_ROWS. A PDF of 5,000 rows takes Chromium about 17 s
 * here (pdf-renderer.ts), and nobody prints more: a bigger table is a spreadsheet.
 */
export const PDF_MAX_ROWS = 5_000;

function checkPdfRows(rows: number): void {
  if (rows > PDF_MAX_ROWS) throw failure(413, 'EXPORT_PDF_TOO_LARGE', { max: PDF_MAX_ROWS });
}

/** Exports of tables as XLSX or PDF (part 2 §9), and tables as shown also as CSV. */
export class ExportsService {
  constructor(private readonly deps: { db: Db; clock: Clock; students: StudentsService; pdf: PdfRenderer }) {}

  /** Any table the web shows, exactly as shown. */
  async table(principal: Principal, input: ExportTable): Promise<ExportFile> {
    const table = { title: input.title, headers: input.headers, rows: input.rows };
    if (input.format === 'xlsx') return this.file('xlsx', await renderXlsx(table), table.title);
    if (input.format === 'csv') return this.file('csv', renderCsv(table), table.title);
    checkPdfRows(table.rows.length);
    const job = this.deps.pdf.admit(principal.user.id);
    try {
      return await this.pdf(job, table);
    } finally {
      job.release();
    }
  }

  /** The students list with its search and classroom filter, every page of it. */
  async students(
    principal: Principal,
    accountId: string,
    query: z.output<typeof studentExportQuerySchema> & { lang?: InterfaceLanguage },
  ): Promise<ExportFile> {
    const { scopes, filter } = await this.deps.students.listFilter(principal, accountId, query);
    // Taken before the rows are read, so a refused export costs no query.
    const job = query.format === 'pdf' ? this.deps.pdf.admit(principal.user.id) : undefined;
    try {
      return await this.studentsFile(scopes, filter, query, job);
    } finally {
      job?.release();
    }
  }

  private async studentsFile(
    scopes: Awaited<ReturnType<StudentsService['listFilter']>>['scopes'],
    filter: Awaited<ReturnType<StudentsService['listFilter']>>['filter'],
    query: z.output<typeof studentExportQuerySchema> & { lang?: InterfaceLanguage },
    job: PdfJob | undefined,
  ): Promise<ExportFile> {
    const repo = new StudentsRepository(this.deps.db.kysely);
    const max = job ? PDF_MAX_ROWS : EXPORT_MAX_ROWS;
    const rows = await repo.all(filter, query.sort, query.order, max + 1);
    if (job) checkPdfRows(rows.length);
    else if (rows.length > max) throw failure(413, 'EXPORT_TOO_LARGE', { max });
    const { title, ...labels } = STUDENT_HEADERS[query.lang ?? 'en'];
    const table: Table = {
      title,
      headers: [...query.columns.map((c) => labels[c]), ...query.customFields],
      rows: rows.map(({ student: r, classrooms: rooms }) => {
        const scope = scopes.find((s) => s.accountId === r.account_id);
        const classrooms = rooms
          .filter((c) => scope && seesClassroom(scope, c.id))
          .map((c) => c.name)
          .join(', ');
        const values: Record<StudentExportColumn, string | null> = {
          name: r.name,
          customId: r.custom_id,
          phone: r.phone,
          email: r.email,
          institution: r.institution,
          rfid: r.rfid,
          parent1Phone: r.parent1_phone,
          parent2Phone: r.parent2_phone,
          classrooms,
          teacherName: r.teacher_name,
        };
        const custom = parseCustomFields(r.custom_fields);
        return [...query.columns.map((c) => values[c]), ...query.customFields.map((f) => custom[f] ?? null)];
      }),
    };
    return job ? this.pdf(job, table) : this.file('xlsx', await renderXlsx(table), title);
  }

  private async pdf(job: PdfJob, table: Table): Promise<ExportFile> {
    const now = this.deps.clock.now();
    return this.file('pdf', await job.render(table, `${formatDmy(now)} ${formatTime12h(now)}`), table.title);
  }

  private file(format: TableExportFormat, body: Buffer, title: string): ExportFile {
    const base = title.trim() || 'export';
    return { body, contentType: CONTENT_TYPES[format], fileName: `${base}.${format}` };
  }
}
