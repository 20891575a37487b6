import { type Config, ConfigError, loadConfig } from './config';
import { readVersion } from './version';

/** For entry points: a bad configuration stops the process with a readable list of problems. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env, readVersion());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
