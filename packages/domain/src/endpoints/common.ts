import { z } from 'zod';

// Pieces most endpoint contracts share: who may call, and the ids in their paths.

/** The people who work in an account: its teacher, admins and accepted assistants. */
export const STAFF_ACCESS = { roles: ['Teacher', 'Admin', 'TeacherAssistant'] } as const;
/** An account's owners: the teacher and admins (assistants are refused). */
export const MANAGER_ACCESS = { roles: ['Teacher', 'Admin'] } as const;
/** Platform staff (the people who run Batchwise itself). */
export const PLATFORM_STAFF_ACCESS = { roles: ['Staff'] } as const;

const id = z.string().min(1);

export const accountParams = z.object({ accountId: id });
export const studentParams = accountParams.extend({ studentId: id });
export const classroomParams = accountParams.extend({ classroomId: id });

/** `{ ok: true }`: the answer of a write that has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });
