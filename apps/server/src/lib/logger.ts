import { type Logger, pino } from 'pino';
import type { Config } from '../config/config';

export function createLogger(config: Pick<Config, 'log'>): Logger {
  return pino({
    level: config.log.level,
    // Credentials never reach the logs, whatever a request carries.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    transport: config.log.pretty
      ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
      : undefined,
  });
}
