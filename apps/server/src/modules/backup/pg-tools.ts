import { spawn } from 'node:child_process';

/**
 * pg_dump and pg_restore, run with the connection of DATABASE_URL. The password travels in the
 * child's environment (PGPASSWORD), never on its command line (which `ps` shows) nor in a message.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv; password: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, PGPASSWORD: password }, password };
}

function run(command: string, args: string[], databaseUrl: string): Promise<void> {
  const { dbname, env, password } = connection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${dbname}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const said = password ? stderr.split(password).join('***') : stderr;
      reject(new Error(`${command} failed (exit ${code}): ${said.trim()}`));
    });
  });
}

/** A custom-format dump of the database (or of one schema), as of an exported snapshot when given. */
export function pgDump(
  databaseUrl: string,
  file: string,
  options: { schema?: string; snapshot?: string } = {},
): Promise<void> {
  return run(
    'pg_dump',
    [
      '--format=custom',
      `--file=${file}`,
      ...(options.schema ? [`--schema=${options.schema}`] : []),
      ...(options.snapshot ? [`--snapshot=${options.snapshot}`] : []),
    ],
    databaseUrl,
  );
}

/** Restores a custom-format dump in one transaction: it lands whole or not at all. */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  return run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
    databaseUrl,
  );
}
