import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import { exportTableSchema, studentExportQuerySchema } from '../contracts/export';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { accountParams, STAFF_ACCESS } from './common';

const tags = ['exports'];

/** "Export As" PDF or XLSX (spec part 2 §2, §9). Both answer a file, so neither has a JSON response. */
export const exportEndpoints = {
  table: endpoint({
    method: 'POST',
    path: '/api/exports',
    access: 'signed-in',
    tags,
    summary: 'Export a table as shown ("Export As" PDF or XLSX); the PDF shapes Bangla correctly',
    body: exportTableSchema,
  }),
  students: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/students/export',
    access: STAFF_ACCESS,
    tags,
    summary: 'Export the whole filtered students list (not one page) as PDF or XLSX',
    params: accountParams,
    query: studentExportQuerySchema.extend({ lang: z.enum(INTERFACE_LANGUAGES).default('en') }),
  }),
};
