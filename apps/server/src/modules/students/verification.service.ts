import { studentDiscrepancies, type verificationListSchema } from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { AccessPolicy } from '../access/access.policy';
import { pictureUrl } from '../media/images';
import { StudentsRepository } from './students.repository';
import { listAreas } from './students.service';

/**
 * Student Data Verification (part 1 §2.4): the students the caller can see whose data is
 * incomplete or conflicting. Computed on demand, so the list empties as soon as they are fixed.
 */
export class VerificationService {
  constructor(private readonly deps: { db: Db; access: AccessPolicy }) {}

  async list(principal: Principal, accountId: string): Promise<z.output<typeof verificationListSchema>> {
    const scopes = await this.deps.access.listScopes(principal, accountId);
    const rows = await new StudentsRepository(this.deps.db.kysely).verificationRows({
      areas: listAreas(scopes),
    });
    const found = studentDiscrepancies(
      rows.map((r) => ({
        id: r.id,
        // One person: the same sign-in, or copies of one record made across teachers.
        personKey: r.user_id ?? r.person_id ?? r.id,
        name: r.name,
        phone: r.phone,
        customId: r.custom_id,
        parent1Phone: r.parent1_phone,
        parent2Phone: r.parent2_phone,
        signInPhone: r.sign_in_phone,
      })),
    );
    return {
      students: rows.flatMap((r) => {
        const reasons = found.get(r.id);
        if (!reasons) return [];
        return [
          {
            studentId: r.id,
            accountId: r.account_id,
            teacherName: r.teacher_name,
            name: r.name,
            customId: r.custom_id,
            phone: r.phone,
            avatarUrl: pictureUrl(r.avatar_key),
            reasons,
          },
        ];
      }),
    };
  }
}
