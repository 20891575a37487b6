import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import { AccountErrors } from './modules/error-reports/account-errors';
import { ErrorReporter } from './modules/error-reports/error-reporter';
import { StatusService } from './modules/status/status.service';
import { StatusSnapshotFile } from './modules/status/status-snapshot-file';

/**
 * Running the platform: the status page's figures and error reports (the worker reports failed
 * jobs too). The metrics registry belongs to the HTTP app alone (app.ts), so worker processes
 * load none of it.
 */
export interface OperationsServices {
  status: StatusService;
  errorReports: ErrorReporter;
  /** The errors of each account's routes, for the staff console. */
  accountErrors: AccountErrors;
}

export function createOperationsServices(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smsGateway: string;
}): OperationsServices {
  const { config, db, clock, log } = deps;
  const reports = config.operations.errorReports;
  return {
    status: new StatusService({
      db,
      clock,
      log,
      smsGateway: deps.smsGateway,
      paymentGateways: ['sslcommerz', 'bkash'],
      file: new StatusSnapshotFile(path.join(config.dataDir, 'status-snapshot.json')),
    }),
    errorReports: new ErrorReporter(
      {
        webhookUrl: reports.webhookUrl,
        format: reports.format,
        windowMs: reports.windowMs,
        perHour: reports.perHour,
        environment: config.env,
        version: config.version,
      },
      clock,
      log,
    ),
    accountErrors: new AccountErrors({ db, clock, log }),
  };
}
