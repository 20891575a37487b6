import { z } from 'zod';
import { BLOOD_GROUPS } from '../admission/validation';
import { customIdField, phoneField, requiredText, timestampField } from './fields';

/** An institution's online-admission settings, as the public form reads them. */
export const admissionSettingsSchema = z.object({
  collectPicture: z
    .boolean()
    .default(false)
    .describe('CollectPicture: ask for (and require) a photo on page 3'),
  collectParentsPhone: z
    .boolean()
    .default(false)
    .describe('CollectParentsPhone: ask for parent phones on page 4'),
  requireUniqueParentsPhone: z
    .boolean()
    .default(false)
    .describe('RequireUniqueParentsPhone: a parent phone must differ from the student phone'),
  collectAdditionalInfo: z
    .boolean()
    .default(false)
    .describe('CollectAdditionalInfo: every custom field on page 5 must be answered'),
  customFields: z.array(z.string().trim().min(1)).default([]).describe('Names of the custom student fields'),
  attachments: z
    .array(
      z.object({
        name: z.string().describe('Label shown on the welcome page'),
        url: z.url().describe('Where the attachment is downloaded from'),
      }),
    )
    .default([])
    .describe('Files shown on the welcome page (prospectus, fee chart)'),
});
export type AdmissionSettingsInput = z.input<typeof admissionSettingsSchema>;
export type AdmissionSettingsPayload = z.output<typeof admissionSettingsSchema>;

/** What the public admission form submits. Cross-field rules live in admissionSubmitError. */
export const admissionApplicationSchema = z.object({
  key: z.string().trim().min(1).describe("The institution's account id, from the link's key parameter"),
  course: z.string().trim().optional().describe("The link's course parameter, when it fixes the classroom"),
  name: requiredText('ADMISSION_NAME_REQUIRED').describe("Applicant's full name"),
  phone: phoneField({ required: 'ADMISSION_PHONE_REQUIRED', student: true }).describe(
    "Applicant's phone, normalised to +880…, with D when confirmed as a duplicate",
  ),
  avatarURL: z.string().trim().optional().describe('Address of the uploaded photo, when one was taken'),
  parent1phone: phoneField()
    .default('')
    .describe('First parent or guardian phone, normalised; empty if none'),
  parent2phone: phoneField()
    .default('')
    .describe('Second parent or guardian phone, normalised; empty if none'),
  customFields: z
    .record(z.string(), z.string().trim())
    .default({})
    .describe('Answers to the custom fields, keyed by field name (Blood Group, Date Of Birth, …)'),
  details: requiredText('ADMISSION_DETAILS_REQUIRED').describe(
    'Classroom or course details in the applicant’s words',
  ),
});
export type AdmissionApplicationInput = z.input<typeof admissionApplicationSchema>;
export type AdmissionApplication = z.output<typeof admissionApplicationSchema>;

export const ADMISSION_STATUSES = ['Pending', 'Accepted', 'Rejected'] as const;

/** A stored application as staff and the duplicate check see it. */
export const admissionApplicationRecordSchema = admissionApplicationSchema.extend({
  id: z.string().min(1).describe('Application id, shown to the applicant on the success page'),
  status: z.enum(ADMISSION_STATUSES).describe('Pending until staff accept or reject it'),
  timeStamp: timestampField.describe('Submission time in epoch milliseconds'),
  customID: customIdField.optional().describe('Custom student ID given on acceptance'),
});
export type AdmissionApplicationRecord = z.output<typeof admissionApplicationRecordSchema>;

/** The blood group choices as a schema, for custom-field editors. */
export const bloodGroupSchema = z.enum(BLOOD_GROUPS).describe('One of the eight ABO/Rh blood groups');
