import type { Config } from './config/config';
import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { AccountsService } from './modules/accounts/accounts.service';
import { AuthService } from './modules/auth/auth.service';
import type { SessionService } from './modules/auth/sessions.service';
import { UsersRepository } from './modules/auth/users.repository';
import type { EventBus } from './modules/events/event-bus';
import type { JobQueue } from './modules/jobs/jobs.service';
import type { PlansService } from './modules/plans/plans.service';
import { ProfileService } from './modules/profile/profile.service';
import type { RateLimiter } from './modules/rate-limit/rate-limit.service';
import { SessionRepository } from './modules/session/session.repository';
import { SessionLoader } from './modules/session/session.service';
import { SmsQuotaRepository } from './modules/sms/sms-quota.repository';
import { StaffService } from './modules/staff/staff.service';
import { MyClassesRepository } from './modules/students/my-classes.repository';
import { TeamsService } from './modules/teams/teams.service';

/** Who signs in and what they run, part of `Deps`. */
export interface IdentityServices {
  /** Sign-up, sign-in by password or phone code, resets and sign-out (spec part 1 sign-in). */
  auth: AuthService;
  /** `GET /api/session`: the signed-in user, their accounts, scopes and SMS quota. */
  sessionLoader: SessionLoader;
  /** An account's summary, its institution details and logo. */
  accounts: AccountsService;
  /** The signed-in user's own details, picture, phone (by code) and password. */
  profile: ProfileService;
  /** An admin's teachers and an account's assistants: invitations, answers and removals. */
  teams: TeamsService;
  /** Staff signing in as a user, and flagging or disabling an account. */
  staff: StaffService;
}

/** Sign-in, the session answer, accounts, profiles, teams and staff rights (composition root part). */
export function createIdentityServices(base: {
  config: Pick<Config, 'appUrl' | 'passwordCost' | 'signupWebhookUrl' | 'smsSignupGrant'>;
  db: Db;
  clock: Clock;
  events: EventBus;
  access: AccessPolicy;
  sessions: SessionService;
  limiter: RateLimiter;
  jobs: JobQueue;
  storage: Storage;
  plans: PlansService;
}): IdentityServices {
  const { config, db, clock, events, access, sessions, limiter, jobs, storage, plans } = base;
  const { appUrl, passwordCost, smsSignupGrant } = config;
  return {
    auth: new AuthService({
      db,
      clock,
      sessions,
      limiter,
      jobs,
      passwordCost,
      signupWebhook: Boolean(config.signupWebhookUrl),
      // PUBLIC_URL (required in production), else this machine: never the request's Host header.
      appUrl,
      smsSignupGrant,
      startingTools: () => plans.startingTools(),
    }),
    sessionLoader: new SessionLoader(
      new SessionRepository(db.kysely),
      access,
      new UsersRepository(db.kysely),
      sessions,
      clock,
      new SmsQuotaRepository(db.kysely),
      new MyClassesRepository(db.kysely),
    ),
    accounts: new AccountsService({ db, clock, access, storage }),
    profile: new ProfileService({ db, clock, storage, sessions, jobs, limiter, passwordCost }),
    teams: new TeamsService({
      db,
      clock,
      access,
      jobs,
      events,
      limiter,
      passwordCost,
      appUrl,
      smsSignupGrant,
      plans,
    }),
    staff: new StaffService({ db, clock, sessions }),
  };
}
