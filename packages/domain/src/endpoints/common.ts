import { z } from 'zod';

// Pieces most endpoint contracts share: who may call, and the ids in their paths.

/** The people who work in an account: its teacher, admins and accepted assistants. */
export const STAFF_ACCESS = { roles: ['Teacher', 'Admin', 'TeacherAssistant'] } as const;
/** An account's owners: the teacher and admins (assistants are refused). */
export const MANAGER_ACCESS = { roles: ['Teacher', 'Admin'] } as const;
/** Platform staff (the people who run Batchwise itself). */
export const PLATFORM_STAFF_ACCESS = { roles: ['Staff'] } as const;

/** An id in a path (a ULID, but any non-empty text reaches the service, which answers 404). */
export const idParam = z.string().min(1);

export const accountParams = z.object({ accountId: idParam });
export const studentParams = accountParams.extend({ studentId: idParam });
export const classroomParams = accountParams.extend({ classroomId: idParam });

/** `{ ok: true }`: the answer of a write that has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });
