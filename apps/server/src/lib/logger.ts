import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from '../config/config';

/** `destination`: where plain (not pretty) lines go instead of stdout (tests read them). */
export function createLogger(config: Pick<Config, 'log'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.log.level,
    // Credentials never reach the logs, whatever a request carries.
    // Merchant credentials (modules/online-pay) are never logged on purpose; these paths catch an
    // accident: a gateway request or settings body passed to a log call.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      '*.store_passwd',
      '*.storePassword',
      '*.appSecret',
      '*.app_secret',
      '*.password',
      '*.*.storePassword',
      '*.*.appSecret',
      '*.*.password',
    ],
    transport: config.log.pretty
      ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
      : undefined,
  };
  return destination && !config.log.pretty ? pino(options, destination) : pino(options);
}
