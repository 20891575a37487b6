import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  faceLinkSchema,
  facePrintStatusSchema,
  faceSettingsSchema,
  kioskFacesSchema,
  publicFacePrintInfoSchema,
  publicFacePrintInputSchema,
  publicFacePrintQuerySchema,
} from '../contracts/faces';
import { accountParams, MANAGER_ACCESS, okSchema, STAFF_ACCESS, studentParams } from './common';

const tags = ['faces'];

/**
 * Face registration and recognition: the teacher's link and controls (Sentinel tool), the
 * public registration page's two calls (the link's key and student id decide everything), and
 * the kiosk's download of the account's registered faces (device key, like the other kiosk routes).
 */
export const faceEndpoints = {
  link: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/:studentId/face-link',
    access: STAFF_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: 'A face registration link (/create-face-recog-print?key=…&suid=…) to send the student',
    params: studentParams,
    response: faceLinkSchema,
    status: 201,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/students/:studentId/face-print',
    access: STAFF_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: "Whether the student's face is registered (never the descriptors)",
    params: studentParams,
    response: facePrintStatusSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/students/:studentId/face-print',
    access: STAFF_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: "Delete the student's face registration; the kiosk stops recognising them",
    params: studentParams,
    response: okSchema,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/face-settings',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: "The kiosk's match threshold and whether registration keeps a photo",
    params: accountParams,
    response: faceSettingsSchema,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/face-settings',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: "Change the kiosk's match threshold or whether registration keeps a photo",
    params: accountParams,
    body: faceSettingsSchema,
    response: faceSettingsSchema,
  }),
  publicInfo: endpoint({
    method: 'GET',
    path: '/api/public/face-print',
    access: 'public',
    tags,
    summary: 'Whose face a registration link asks for',
    query: publicFacePrintQuerySchema,
    response: publicFacePrintInfoSchema,
  }),
  publicSave: endpoint({
    method: 'PUT',
    path: '/api/public/face-print',
    access: 'public',
    tags,
    summary: 'Register (or register again) the face of a link: descriptors only, computed on the device',
    body: publicFacePrintInputSchema,
    response: z.object({ code: z.literal('FACE_PRINT_SAVED'), message: z.string() }),
  }),
  kioskFaces: endpoint({
    method: 'GET',
    path: '/api/kiosk/faces',
    access: 'public',
    tags,
    summary: "The account's registered faces and match threshold, for matching on the kiosk",
    response: kioskFacesSchema,
  }),
};
