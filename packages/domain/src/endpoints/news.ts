import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  newsImageUploadSchema,
  newsInputSchema,
  newsItemSchema,
  newsListQuerySchema,
  newsPageSchema,
} from '../contracts/news';
import { PLATFORM_STAFF_ACCESS } from './common';

const tags = ['news'];
const resource = 'news';
const keyParams = z.object({ key: z.string().min(1).max(40) });

/** Public news reads (spec part 1 §7) and the staff news editor's API. */
export const newsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/news',
    access: 'public',
    tags,
    resource,
    summary: 'Published news, newest first, 20 at a time; search with q, page with cursor',
    query: newsListQuerySchema,
    response: newsPageSchema,
  }),
  item: endpoint({
    method: 'GET',
    path: '/api/news/:key',
    access: 'public',
    tags,
    resource,
    summary: 'One published news item (the /OpenNews page)',
    params: keyParams,
    response: newsItemSchema,
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/api/staff/news',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    resource,
    summary: 'Every news item, drafts included (staff)',
    query: newsListQuerySchema,
    response: newsPageSchema,
  }),
  staffItem: endpoint({
    method: 'GET',
    path: '/api/staff/news/:key',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    resource,
    summary: 'One news item, draft or published (staff)',
    params: keyParams,
    response: newsItemSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/staff/news',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Create a news item (staff); the description is sanitised',
    body: newsInputSchema,
    response: newsItemSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/staff/news/:key',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Change, publish or unpublish a news item (staff)',
    params: keyParams,
    body: newsInputSchema,
    response: newsItemSchema,
  }),
  /** Answers 204 with no body. */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/staff/news/:key',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Delete a news item (staff)',
    params: keyParams,
  }),
  /** The image is the raw request body (Content-Type image/…), so there is no body schema. */
  uploadImage: endpoint({
    method: 'POST',
    path: '/api/staff/news/images',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Upload a news image (raw PNG, JPEG, WebP or AVIF body, at most 5 MB)',
    response: newsImageUploadSchema,
    status: 201,
  }),
};
