import type { PortalDevices, PortalProfile, PortalProfileUpdate } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { SessionService } from '../auth/sessions.service';
import { UsersRepository } from '../auth/users.repository';
import { childrenOf, familyFilter } from './portal.policy';
import { PortalRepository } from './portal.repository';

/**
 * Who the family is (DESIGN.md §1 "Family portal"): a phone user is asked their name once after
 * the first sign-in (skippable; until then the web says "Parent of {child}"), chooses language
 * and theme, and sees and signs out their devices. Phone users never have a password to change.
 */
export class PortalProfileService {
  constructor(private readonly deps: { db: Db; clock: Clock; sessions: SessionService }) {}

  async profile(principal: Principal): Promise<PortalProfile> {
    const repo = new PortalRepository(this.deps.db.kysely);
    const filter = familyFilter(principal);
    const { user } = principal;
    const saved = await repo.profile(user.id);
    const [first] = await childrenOf(repo, principal);
    // A parent user starts with their phone as name (auth.service findOrCreatePhoneUser).
    const named = user.name.trim() !== '' && user.name !== user.phone;
    return {
      role: 'userId' in filter ? 'Student' : 'Parent',
      name: named ? user.name : null,
      childName: first?.name ?? null,
      phone: user.phone,
      askName: !('userId' in filter) && !named && !saved?.name_asked_at,
      language: saved?.language ?? null,
      theme: saved?.theme ?? 'system',
    };
  }

  async update(principal: Principal, input: PortalProfileUpdate): Promise<PortalProfile> {
    familyFilter(principal);
    const { user } = principal;
    const now = this.deps.clock.now();
    const repo = new PortalRepository(this.deps.db.kysely);
    const saved = await repo.profile(user.id);
    const asked = input.name !== undefined || input.skipName === true;
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      if (input.name !== undefined) {
        await new UsersRepository(trx).update(user.id, { name: input.name, updated_at: now });
      }
      await new PortalRepository(trx).saveProfile({
        user_id: user.id,
        name_asked_at: asked ? (saved?.name_asked_at ?? now) : (saved?.name_asked_at ?? null),
        language: input.language ?? saved?.language ?? null,
        theme: input.theme ?? saved?.theme ?? 'system',
        updated_at: now,
      });
    });
    const fresh = input.name === undefined ? user : { ...user, name: input.name };
    return this.profile({ ...principal, user: fresh });
  }

  async devices(principal: Principal): Promise<PortalDevices> {
    familyFilter(principal);
    const rows = await new PortalRepository(this.deps.db.kysely).sessions(
      principal.user.id,
      this.deps.clock.now(),
    );
    return {
      devices: rows.map((r) => ({
        id: r.id,
        current: r.id === principal.session.id,
        userAgent: r.user_agent,
        createdAt: Number(r.created_at),
        lastSeenAt: Number(r.last_seen_at),
      })),
    };
  }

  /** Signs one of the caller's own devices out; another user's session is not found. */
  async signOut(principal: Principal, deviceId: string): Promise<void> {
    const { devices } = await this.devices(principal);
    if (!devices.some((d) => d.id === deviceId)) throw notFound();
    await this.deps.sessions.revoke(deviceId);
  }
}
