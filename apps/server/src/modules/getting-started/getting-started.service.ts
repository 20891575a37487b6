import {
  GETTING_STARTED_STEPS,
  type GettingStarted,
  type GettingStartedStep,
  type GettingStartedUpdate,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { requireChecklistReader } from './getting-started.policy';
import { GettingStartedRepository } from './getting-started.repository';

export interface GettingStartedDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
}

/**
 * The dashboard's first-run checklist: each step is ticked from what the account really holds (a
 * classroom, a student, a classroom with a monthly fee, an SMS sent or a template saved, an
 * admission application or the link opened, a kiosk or device added), so it can never disagree
 * with the pages it links to. Hiding it is remembered per account, for everyone who manages it.
 */
export class GettingStartedService {
  constructor(private readonly deps: GettingStartedDeps) {}

  async read(principal: Principal, accountId: string): Promise<GettingStarted> {
    requireChecklistReader(await this.deps.access.requireAccount(principal, accountId));
    return this.answer(accountId);
  }

  async update(
    principal: Principal,
    accountId: string,
    input: GettingStartedUpdate,
  ): Promise<GettingStarted> {
    requireChecklistReader(await this.deps.access.requireAccount(principal, accountId));
    const now = this.deps.clock.now();
    await this.repo().mark(
      accountId,
      {
        ...(input.dismissed ? { dismissed_at: now } : {}),
        ...(input.admissionLinkOpened ? { admission_link_opened_at: now } : {}),
      },
      now,
    );
    return this.answer(accountId);
  }

  private async answer(accountId: string): Promise<GettingStarted> {
    const repo = this.repo();
    const [evidence, state] = await Promise.all([repo.evidence(accountId), repo.state(accountId)]);
    if (!evidence) throw notFound();
    const done: Record<GettingStartedStep, boolean> = {
      classroom: Boolean(evidence.classroom),
      students: Boolean(evidence.students),
      fee: Boolean(evidence.fee),
      sms: Boolean(evidence.sms),
      admission: Boolean(evidence.application) || Boolean(state?.admission_link_opened_at),
      kiosk: Boolean(evidence.kiosk),
    };
    return {
      steps: GETTING_STARTED_STEPS.map((key) => ({ key, done: done[key] })),
      dismissed: Boolean(state?.dismissed_at),
    };
  }

  private repo() {
    return new GettingStartedRepository(this.deps.db.kysely);
  }
}
