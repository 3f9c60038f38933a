/**
 * A real PostgreSQL for the LTI store's tests: Debian's server binaries, a cluster made in a
 * temporary folder, on a free port, its socket in the same folder, stopped and removed at
 * the end. PostgreSQL refuses to run as root, so under root it runs as the `postgres`
 * system user (which Debian's package creates). Where it is not installed, `postgresBin()`
 * is null and the tests say they skipped (`.ci/run` installs it).
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './scale-out';

export const POSTGRES_MISSING = 'PostgreSQL is not installed (apt-get install postgresql; .ci/run does)';

const asRoot = process.getuid?.() === 0;

/** The folder of initdb, pg_ctl and postgres, where they are installed. */
export function postgresBin(): string | null {
  const candidates = [process.env.PG_BIN];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    candidates.push(
      ...readdirSync(debian)
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(debian, v, 'bin')),
    );
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) candidates.push(onPath.replace(/\/initdb$/, ''));
  const bin = candidates.find((c) => c && existsSync(join(c, 'initdb')) && existsSync(join(c, 'pg_ctl')));
  if (!bin) return null;
  // Root cannot run PostgreSQL; without the postgres user there is no one to run it as.
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return null;
  return bin;
}

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database>, for a database made with createDatabase. */
  urlOf: (database: string) => string;
  port: number;
  /** A new empty database: each test gets its own. */
  createDatabase: (name?: string) => Promise<string>;
  /** Stops the server (fast: sessions are cut off, as in a crash of the connection). */
  stopServer: () => Promise<void>;
  startServer: () => Promise<void>;
  /** Stops it and removes its folder. */
  stop: () => void;
}

let databases = 0;

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'standards-pg-'));
  const data = join(dir, 'data');
  if (asRoot) chownSync(dir, ...postgresIds());
  const command = (tool: string, args: string[]) =>
    asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args] : [join(bin, tool), ...args];
  // Asynchronous, so a test's requests go on while the server stops or starts.
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, ...rest] = command(tool, args);
      execFile(file!, rest, { cwd: dir }, (error, stdout, stderr) =>
        error ? reject(new Error(`${tool} failed: ${stderr || stdout}`)) : resolve(),
      );
    });
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200 -c shared_buffers=16MB`;
  const startServer = () => run('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), '-o', options]);
  const stopServer = () => run('pg_ctl', ['stop', '-D', data, '-w', '-m', 'fast']);
  await startServer();
  let stopped = false;
  // Synchronous: it also runs when the test process exits early.
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const [file, ...rest] = command('pg_ctl', ['stop', '-D', data, '-w', '-m', 'immediate']);
    spawnSync(file!, rest, { cwd: dir });
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends early must not leave a server behind.
  process.once('exit', stop);
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    urlOf,
    port,
    startServer,
    stopServer,
    stop,
    async createDatabase(name = `lti_${process.pid}_${++databases}`) {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
  };
}

function postgresIds(): [number, number] {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return [id('-u'), id('-g')];
}
