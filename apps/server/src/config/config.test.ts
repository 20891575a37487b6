import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: SQLite in ./data, port 8080, console drivers', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database).toMatchObject({ kind: 'sqlite', synchronous: 'FULL' });
    expect(config.database.kind === 'sqlite' && config.database.file).toBe(path.resolve('data/batchwise.db'));
    expect(config.mail.driver).toBe('console');
    expect(config.sms.driver).toBe('console');
    expect(config.seedDemo).toBe(true);
    expect(config.devOutbox).toBe(true);
  });

  it('chooses PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/bw', PG_POOL_MAX: '20' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@127.0.0.1:5432/bw',
      poolMax: 20,
    });
  });

  it('neither seeds demo data nor opens the outbox in production unless asked', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com' };
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, devOutbox: false });
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses a plain-http PUBLIC_URL in production unless allowed for a private network', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'http://school.lan' };
    expect(() => loadConfig(production)).toThrow(
      /PUBLIC_URL: must be https:\/\/ when NODE_ENV=production .* set ALLOW_HTTP_PUBLIC_URL=true/,
    );
    expect(loadConfig({ ...production, ALLOW_HTTP_PUBLIC_URL: 'true' })).toMatchObject({
      appUrl: 'http://school.lan',
      secureCookies: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com' }).secureCookies).toBe(
      true,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://staging.example.com' }).secureCookies).toBe(true);
    expect(loadConfig({}).secureCookies).toBe(false);
  });

  it('requires PUBLIC_URL in production, so no link is ever built from a request header', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required when NODE_ENV=production: the address users reach, e\.g\. https:\/\/app\.example\.com/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com/' }).appUrl).toBe(
      'https://app.example.com',
    );
    // Elsewhere links point at this machine, whatever Host a request names.
    expect(loadConfig({ PORT: '3000' }).appUrl).toBe('http://localhost:3000');
  });

  it('trusts only named proxies, and refuses TRUST_PROXY=true or a hop count with what to write instead', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const value of ['true', 'yes', 'on']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must name the proxies to trust, not trust every client's X-Forwarded-For: write the load balancer's addresses, e\.g\. TRUST_PROXY=10\.0\.0\.5/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(
      /TRUST_PROXY: must name the proxies to trust, not count hops/,
    );
    for (const value of ['10.0.0.300', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be false or comma-separated proxy addresses/,
      );
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it('lists every bad variable by name, with what it got', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', RUN_WORKER: 'maybe' });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.problems).toHaveLength(4);
    expect(error.message).toContain('PORT: must be a whole number from 0 to 65535 (got "eighty")');
    expect(error.message).toContain('DATABASE_URL: must be a URL like postgres://');
    expect(error.message).toContain('LOG_LEVEL');
    expect(error.message).toContain('RUN_WORKER: must be one of true, false');
  });

  it('requires the settings a chosen driver needs', () => {
    expect(() => loadConfig({ MAIL_DRIVER: 'smtp', SMS_DRIVER: 'http' })).toThrow(
      /SMTP_URL: required when MAIL_DRIVER=smtp[\s\S]*SMS_API_URL: required[\s\S]*SMS_API_KEY: required/,
    );
  });

  it('stops the server at start-up with a readable message naming the variable', () => {
    const server = path.resolve(import.meta.dirname, '../server.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORT: must be a whole number from 0 to 65535 (got "not-a-port")');
    expect(result.stderr).not.toContain('    at '); // no stack trace
  });
});
