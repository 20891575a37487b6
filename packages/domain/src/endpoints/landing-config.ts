import { endpoint } from '../contracts/endpoint';
import { landingConfigSchema, landingConfigViewSchema } from '../contracts/landing-config';
import { PLATFORM_STAFF_ACCESS } from './common';

const tags = ['public site'];

/** `/config-landing-page`: staff edit the landing page's hero, testimonials, case study and featured news. */
export const landingConfigEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/staff/landing-config',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    resource: 'site',
    summary: 'The landing page’s editable content, as staff left it',
    response: landingConfigViewSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/staff/landing-config',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Change the landing page’s content; the public page shows it at once (audited)',
    body: landingConfigSchema,
    response: landingConfigViewSchema,
  }),
  landing: endpoint({
    method: 'GET',
    path: '/api/site/landing',
    access: 'public',
    tags,
    resource: 'site',
    summary: 'The landing page’s content for a visitor (empty parts show the built-in text)',
    response: landingConfigSchema,
  }),
};
