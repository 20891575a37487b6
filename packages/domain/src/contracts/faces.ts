import { z } from 'zod';
import {
  FACE_ANGLES_MAX,
  FACE_ANGLES_MIN,
  FACE_DESCRIPTOR_LENGTH,
  FACE_MODEL,
  FACE_THRESHOLD_MAX,
  FACE_THRESHOLD_MIN,
} from '../faces/face-match';
import { timestampField } from './fields';

// Face registration and recognition (part 1 §1 "face-recognition registration",
// /create-face-recog-print with key and suid). Descriptors are computed on the phone or tablet;
// the server stores them sealed and never sees a picture unless the account keeps one as the
// student's photo.

/** Ways the registration page checked that a live person was in front of the camera. */
export const FACE_LIVENESS_CHECKS = ['blink', 'turn'] as const;
export type FaceLivenessCheck = (typeof FACE_LIVENESS_CHECKS)[number];
/** A JPEG data URL's base64 of the photo kept as the student's picture: a 256 px square is far under. */
export const FACE_PHOTO_MAX_CHARS = 400_000;

export const faceDescriptorSchema = z
  .array(z.number().finite().min(-10).max(10))
  .length(FACE_DESCRIPTOR_LENGTH)
  .describe('One face descriptor (128 numbers) computed on the device');

const faceKeyField = z.string().min(8).max(100).describe('The random key of the registration link');
const suidField = z.string().min(1).max(100).describe('The student id of the registration link');

/** `POST …/students/:studentId/face-link`: the link the teacher sends. */
export const faceLinkSchema = z.object({
  url: z.string().describe('PUBLIC_URL/create-face-recog-print?key=…&suid=…'),
  expiresAt: timestampField,
});
export type FaceLink = z.output<typeof faceLinkSchema>;

/** `GET …/students/:studentId/face-print`: whether the student's face is registered. */
export const facePrintStatusSchema = z.object({
  registered: z.boolean(),
  angles: z.number().int().describe('Descriptors stored (one a camera angle)'),
  liveness: z.enum(FACE_LIVENESS_CHECKS).nullable(),
  updatedAt: timestampField.nullable(),
});
export type FacePrintStatus = z.output<typeof facePrintStatusSchema>;

/** The account's face settings: the kiosk's match threshold and whether a photo is kept. */
export const faceSettingsSchema = z.object({
  threshold: z
    .number()
    .min(FACE_THRESHOLD_MIN)
    .max(FACE_THRESHOLD_MAX)
    .describe('Largest descriptor distance the kiosk accepts as a match; lower is stricter'),
  keepPhoto: z.boolean().describe("Registration also sends one picture, kept as the student's photo"),
});
export type FaceSettings = z.output<typeof faceSettingsSchema>;

/** `GET /api/public/face-print?key=…&suid=…` */
export const publicFacePrintQuerySchema = z.object({ key: faceKeyField, suid: suidField });
export const publicFacePrintInfoSchema = z.object({
  name: z.string(),
  institution: z.string(),
  keepPhoto: z.boolean(),
  registered: z.boolean(),
  expiresAt: timestampField,
});
export type PublicFacePrintInfo = z.output<typeof publicFacePrintInfoSchema>;

/** `PUT /api/public/face-print`: replaces any earlier registration of the student. */
export const publicFacePrintInputSchema = z.object({
  key: faceKeyField,
  suid: suidField,
  model: z.literal(FACE_MODEL),
  liveness: z.enum(FACE_LIVENESS_CHECKS),
  descriptors: z.array(faceDescriptorSchema).min(FACE_ANGLES_MIN).max(FACE_ANGLES_MAX),
  photo: z
    .string()
    .max(FACE_PHOTO_MAX_CHARS)
    .optional()
    .describe('Base64 JPEG, only when the account keeps a photo (ignored otherwise)'),
});
export type PublicFacePrintInput = z.input<typeof publicFacePrintInputSchema>;

/** One registered person as the kiosk keeps them. */
export const kioskFaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  descriptors: z.array(z.array(z.number())),
});
export type KioskFace = z.output<typeof kioskFaceSchema>;

/** `GET /api/kiosk/faces`: the account's registered faces, for matching on the kiosk. */
export const kioskFacesSchema = z.object({
  model: z.string(),
  threshold: z.number(),
  version: z.string().describe('Changes whenever a registration or the threshold changes'),
  people: z.array(kioskFaceSchema),
});
export type KioskFaces = z.output<typeof kioskFacesSchema>;
