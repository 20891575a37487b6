import type { changePasswordSchema, profileUpdateSchema } from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { hashPassword, isCommonPassword, type ScryptCost, verifyPassword } from '../auth/password';
import type { SessionService } from '../auth/sessions.service';
import { UsersRepository } from '../auth/users.repository';
import { pictureUrl, storePicture } from '../media/images';

export class ProfileService {
  private readonly users: UsersRepository;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      storage: Storage;
      sessions: SessionService;
      passwordCost: ScryptCost;
    },
  ) {
    this.users = new UsersRepository(deps.db.kysely);
  }

  async update(principal: Principal, input: z.output<typeof profileUpdateSchema>): Promise<void> {
    const phone = input.phone || null;
    if (phone && phone !== principal.user.phone) {
      const other = await this.users.findByPhone(phone);
      if (other && other.id !== principal.user.id) throw failure(409, 'PHONE_TAKEN');
    }
    await this.users.update(principal.user.id, {
      name: input.name,
      phone,
      updated_at: this.deps.clock.now(),
    });
  }

  /** Changes the password and ends every other session of the user. */
  async changePassword(principal: Principal, input: z.output<typeof changePasswordSchema>): Promise<void> {
    const { user, session } = principal;
    if (!user.password_hash || !(await verifyPassword(input.currentPassword, user.password_hash))) {
      throw failure(400, 'PASSWORD_WRONG');
    }
    if (isCommonPassword(input.newPassword)) throw failure(400, 'PASSWORD_TOO_COMMON');
    const now = this.deps.clock.now();
    await this.users.update(user.id, {
      password_hash: await hashPassword(input.newPassword, this.deps.passwordCost),
      password_changed_at: now,
      updated_at: now,
    });
    await this.deps.sessions.revokeAllForUser(user.id, session.id);
  }

  async setAvatar(principal: Principal, picture: Buffer): Promise<string> {
    const now = this.deps.clock.now();
    const key = await storePicture(this.deps.storage, 'avatars', picture, now);
    await this.users.update(principal.user.id, { avatar_key: key, updated_at: now });
    if (principal.user.avatar_key) await this.deps.storage.delete(principal.user.avatar_key);
    return pictureUrl(key)!;
  }
}
