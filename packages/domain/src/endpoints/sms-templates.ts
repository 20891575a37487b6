import { endpoint } from '../contracts/endpoint';
import { smsQueuedSchema } from '../contracts/sms';
import {
  smsTemplateInputSchema,
  smsTemplatePreviewSchema,
  smsTemplateSchema,
  smsTemplateSendSchema,
  smsTemplatesSchema,
  templateSheetSchema,
} from '../contracts/sms-templates';
import { accountParams, idParam, okSchema, STAFF_ACCESS } from './common';

const tags = ['sms'];
const templateParams = accountParams.extend({ templateId: idParam });

/**
 * Messages built from a spreadsheet and saved templates (the SMS capability's "Templates from a
 * spreadsheet"). The numbers come from the sheet, so these are for whoever may text any number
 * of the account (owners, admins, account-wide assistants; modules/sms/sms.policy.ts).
 */
export const smsTemplateEndpoints = {
  readTemplateSheet: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/sms/template-sheets',
    access: STAFF_ACCESS,
    tags,
    summary:
      'Read an uploaded .xlsx or .csv (multipart field "file", at most 5 MB) into rows; nothing is stored',
    params: accountParams,
    response: templateSheetSchema,
  }),
  templatePreview: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/sms/template-preview',
    access: STAFF_ACCESS,
    tags,
    summary: 'The messages a template makes from the rows, the rows left out and why, cost and quota',
    params: accountParams,
    body: smsTemplateSendSchema,
    response: smsTemplatePreviewSchema,
  }),
  templateSend: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/sms/template-sends',
    access: STAFF_ACCESS,
    tags,
    summary: "Send (or schedule) a template's messages; the quota is debited at once",
    params: accountParams,
    body: smsTemplateSendSchema,
    response: smsQueuedSchema,
  }),
  templates: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/sms/templates',
    access: STAFF_ACCESS,
    tags,
    summary: 'Saved message templates, by name',
    params: accountParams,
    response: smsTemplatesSchema,
    resource: 'sms-templates',
  }),
  createTemplate: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/sms/templates',
    access: STAFF_ACCESS,
    tags,
    summary: 'Save a message template for reuse',
    params: accountParams,
    body: smsTemplateInputSchema,
    response: smsTemplateSchema,
    status: 201,
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/sms/templates/:templateId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Rename or rewrite a saved template',
    params: templateParams,
    body: smsTemplateInputSchema,
    response: smsTemplateSchema,
  }),
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/sms/templates/:templateId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Delete a saved template',
    params: templateParams,
    response: okSchema,
  }),
};
