import { endpoint } from '../contracts/endpoint';
import {
  onboardingCheckSchema,
  onboardingImportedSchema,
  onboardingImportQuerySchema,
  onboardingTemplateQuerySchema,
} from '../contracts/onboarding';
import { accountParams, STAFF_ACCESS } from './common';

const tags = ['onboarding'];

/**
 * Bulk onboarding: the template, a check of the filled file, and the import. Owners,
 * admins and assistants who manage students account-wide (modules/onboarding/onboarding.policy.ts).
 */
export const onboardingEndpoints = {
  onboardingTemplate: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/onboarding/template',
    access: STAFF_ACCESS,
    tags,
    summary:
      'The .xlsx template: student columns, one column per classroom, instructions in English and Bangla',
    params: accountParams,
    query: onboardingTemplateQuerySchema,
  }),
  onboardingCheck: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/onboarding/check',
    access: STAFF_ACCESS,
    tags,
    summary:
      'Check a filled template (multipart field "file", .xlsx or .csv): every problem by row; nothing is written',
    params: accountParams,
    response: onboardingCheckSchema,
  }),
  onboardingImport: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/onboarding/import',
    access: STAFF_ACCESS,
    tags,
    summary: 'Import a filled template (multipart field "file"): every student or none',
    params: accountParams,
    query: onboardingImportQuerySchema,
    response: onboardingImportedSchema,
  }),
};
