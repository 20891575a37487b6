import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import { gatewayFormSchema } from '../contracts/online-pay';
import {
  publicVideoCourseSchema,
  publicVideoParams,
  publicVideoPlayInputSchema,
  publicVideoPlayParams,
  publicVideoQuerySchema,
  videoBuyResultSchema,
  videoBuySchema,
  videoPublicationSchema,
  videoPublishSchema,
} from '../contracts/public-video';
import { videoPlaySchema } from '../contracts/video';
import { accountParams, idParam, MANAGER_ACCESS, okSchema } from './common';
import { SSLCOMMERZ_RETURNS } from './online-pay';
import { PUBLIC_VIDEO_PATHS } from './public-video-paths';

const tags = ['video'];
const courseParams = accountParams.extend({ courseId: idParam });
const publicationPath = '/api/accounts/:accountId/video-courses/:courseId/publication';

/**
 * Public video courses (contracts/public-video.ts describes each endpoint). The account's teacher
 * and admins publish and unpublish and see the buyers (assistants are refused, as for the private
 * courses); the page and its payment are public, the link's key (and a buyer's access token) being
 * the permission.
 */
export const publicVideoEndpoints = {
  publication: endpoint({
    method: 'GET',
    path: publicationPath,
    access: MANAGER_ACCESS,
    tags,
    resource: 'videos',
    summary: "A course's public link (if published), its price and who bought it",
    params: courseParams,
    response: videoPublicationSchema,
  }),
  publish: endpoint({
    method: 'PUT',
    path: publicationPath,
    access: MANAGER_ACCESS,
    tags,
    summary: 'Publish a course to anyone with its link, free or for a price (the link stays when repriced)',
    params: courseParams,
    body: videoPublishSchema,
    response: videoPublicationSchema,
  }),
  unpublish: endpoint({
    method: 'DELETE',
    path: publicationPath,
    access: MANAGER_ACCESS,
    tags,
    summary: 'Unpublish a course: its link answers that the course is not available',
    params: courseParams,
    response: okSchema,
  }),
  publicCourse: endpoint({
    method: 'GET',
    path: PUBLIC_VIDEO_PATHS.course,
    access: 'public',
    tags,
    summary:
      'A published course by its link: title, institution, chapters, and whether this visitor may watch',
    params: publicVideoParams,
    query: publicVideoQuerySchema,
    response: publicVideoCourseSchema,
  }),
  publicPlay: endpoint({
    method: 'POST',
    path: PUBLIC_VIDEO_PATHS.play,
    access: 'public',
    tags,
    summary: 'A short-lived signed address to watch a video of a free, or bought, published course',
    params: publicVideoPlayParams,
    body: publicVideoPlayInputSchema,
    response: videoPlaySchema,
  }),
  buy: endpoint({
    method: 'POST',
    path: PUBLIC_VIDEO_PATHS.buy,
    access: 'public',
    tags,
    summary:
      "Start buying a paid course through the institution's gateway; answers where to send the browser",
    params: publicVideoParams,
    body: videoBuySchema,
    response: videoBuyResultSchema,
  }),
  sslcommerzIpn: endpoint({
    method: 'POST',
    path: '/api/public/video-pay/sslcommerz/ipn',
    access: 'public',
    tags,
    summary: "SSLCommerz's payment notification for a course purchase: the only report that grants access",
    body: gatewayFormSchema,
    response: z.object({ ok: z.boolean() }),
  }),
  sslcommerzReturn: endpoint({
    method: 'POST',
    path: '/api/public/video-pay/sslcommerz/:outcome',
    access: 'public',
    tags,
    summary: "The buyer's browser back from SSLCommerz: sent to the course page with their access link",
    params: z.object({ outcome: z.enum(SSLCOMMERZ_RETURNS) }),
    body: gatewayFormSchema,
  }),
};
