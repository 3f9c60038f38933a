/**
 * `npm run lti` as an operator runs it, a process each time, against both stores: the
 * registrations, `status` (the password never printed), `rotate-key`, and `migrate-store`
 * from the file into PostgreSQL; every mistake one line and exit code 1, never a stack trace.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { SCHEMA_VERSION } from '../lti/lti-schema';
import { PgLtiStore } from '../lti/pg-lti-store';
import { SqliteLtiStore } from '../lti/sqlite-lti-store';
import { HAS_POSTGRES, sqliteFile, storeKinds } from '../test-support/lti-stores';

const { postgres, stop } = storeKinds();
afterAll(stop);

const CLI = join(PROJECT_ROOT, 'server', 'cli', 'lti.ts');
const STACK_TRACE = /\n\s+at |node_modules/;

function lti(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { cwd: PROJECT_ROOT, env: { ...process.env, STANDARDS_LTI_DATABASE_URL: '', ...env } },
      (error, out, err) => resolve({ code: error ? (error.code as number) : 0, out, err }),
    );
  });
}
/** A failure as the operator should see it: exit 1, one line, no stack trace. */
function oneLineFailure(r: { code: number; out: string; err: string }) {
  expect(r.code).toBe(1);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.err).not.toMatch(STACK_TRACE);
}

const ADD = [
  'add',
  '--issuer',
  'https://canvas.instructure.com',
  '--client-id',
  '10000000000001',
  '--auth-url',
  'https://sso.canvaslms.com/api/lti/authorize_redirect',
  '--jwks-url',
  'https://sso.canvaslms.com/api/lti/security/jwks',
  '--deployment',
  'dep-1',
];

describe('npm run lti on the SQLite file', () => {
  it('registers, shows the status, rotates the key with a grace period', async () => {
    const file = sqliteFile();
    const env = { STANDARDS_LTI_STORE: file };
    expect((await lti(ADD, env)).out).toContain('Registered https://canvas.instructure.com');
    const status = await lti(['status'], env);
    expect(status.code).toBe(0);
    expect(status.out).toContain(`SQLite file ${file}`);
    expect(status.out).toContain(`version ${SCHEMA_VERSION}`);
    expect(status.out).toMatch(/Current key\s+none yet/);
    expect(status.out).toMatch(/Registrations\s+1 \(1 deployments\)/);

    const first = await lti(['rotate-key'], env);
    expect(first.out).toMatch(/New signing key \S+: every instance signs with it from now on/);
    expect(first.out).toContain('There was no previous key');
    const second = await lti(['rotate-key', '--grace', '2d'], env);
    const newKid = /New signing key (\S+):/.exec(second.out)![1]!;
    const oldKid = /New signing key (\S+):/.exec(first.out)![1]!;
    expect(second.out).toContain(`The previous key ${oldKid} stays in the JWKS for 2 d`);
    const after = (await lti(['status'], env)).out;
    expect(after).toMatch(new RegExp(`Current key\\s+${newKid}, made \\d+ s ago`));
    expect(after).toMatch(new RegExp(`Previous key\\s+${oldKid}, leaves the JWKS in (1 d 23 h|2 d)`));

    oneLineFailure(await lti(['rotate-key', '--grace', 'a week'], env));
    expect((await lti(['list'], env)).out).toContain('deployments dep-1');
  }, 60_000);

  it('refuses a store a newer build upgraded, naming both versions', async () => {
    const file = sqliteFile();
    new SqliteLtiStore(file).close();
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const r = await lti(['status'], { STANDARDS_LTI_STORE: file });
    oneLineFailure(r);
    expect(r.err).toContain(`schema version ${SCHEMA_VERSION + 1}, newer than this build's ${SCHEMA_VERSION}`);
  });

  it('says in one line what is wrong with a database URL, or that the database cannot be reached', async () => {
    const secret = 'pw-never-shown';
    const badScheme = await lti(['status'], { STANDARDS_LTI_DATABASE_URL: `mysql://root:${secret}@db/lti` });
    oneLineFailure(badScheme);
    expect(badScheme.err).toContain('STANDARDS_LTI_DATABASE_URL cannot be used: its scheme is mysql:');
    const notUrl = await lti(['migrate-store', '--to', `${secret} not a url`], { STANDARDS_LTI_STORE: sqliteFile() });
    oneLineFailure(notUrl);
    expect(notUrl.err).toContain('--to cannot be used: it is not a URL');
    const unreachable = await lti(['status'], { STANDARDS_LTI_DATABASE_URL: `postgres://lti:${secret}@127.0.0.1:1/lti` });
    oneLineFailure(unreachable);
    expect(unreachable.err).toContain('The LTI store (postgres://lti@127.0.0.1:1/lti) cannot be reached');
    for (const r of [badScheme, notUrl, unreachable]) expect(r.err + r.out).not.toContain(secret);
  }, 30_000);
});

describe.skipIf(!HAS_POSTGRES)('npm run lti on PostgreSQL', () => {
  it('works on the database STANDARDS_LTI_DATABASE_URL names, and never prints its password', async () => {
    const url = (await (await postgres()).createDatabase()).replace('postgres@', 'postgres:s3cret-pw@');
    const env = { STANDARDS_LTI_DATABASE_URL: `${url}?application_name=cli&password=s3cret-pw` };
    expect((await lti(ADD, env)).code).toBe(0);
    expect((await lti(['rotate-key'], env)).code).toBe(0);
    const status = await lti(['status'], env);
    expect(status.out).toMatch(new RegExp(`Store\\s+PostgreSQL postgres://postgres@127.0.0.1:\\d+/lti_\\w+\\n`));
    expect(status.out).toMatch(/Registrations\s+1/);
    expect(status.out + status.err).not.toContain('s3cret-pw');
    expect((await lti(['list'], env)).out).toContain('https://canvas.instructure.com');
  }, 60_000);

  it('copies everything from the file into an empty PostgreSQL store, and refuses a full one unless asked', async () => {
    const file = sqliteFile();
    const env = { STANDARDS_LTI_STORE: file };
    await lti(ADD, env);
    await lti(['rotate-key'], env);
    await lti(['rotate-key', '--grace', '3d'], env);
    const source = new SqliteLtiStore(file);
    await source.saveLogin({ state: 'pending', nonce: 'n', issuer: 'https://canvas.instructure.com', clientId: '10000000000001' });
    await source.acceptLaunch('https://canvas.instructure.com', 'used-nonce', null);
    const dump = await source.dump();
    await source.close();

    const url = await (await postgres()).createDatabase();
    const moved = await lti(['migrate-store', '--to', url], env);
    expect(moved.code).toBe(0);
    expect(moved.out).toContain(
      'Copied 1 registrations, 1 deployments, 2 signing keys (1 previous), 1 pending logins, 1 used nonces, 0 open picker sessions',
    );
    expect(moved.out).toContain('set STANDARDS_LTI_DATABASE_URL');
    const target = new PgLtiStore(url);
    expect(await target.dump()).toEqual(dump);
    // The tool on PostgreSQL finishes the login begun on the file, and knows the nonce.
    expect(await target.takeLogin('pending')).toMatchObject({ nonce: 'n' });
    expect(await target.acceptLaunch('https://canvas.instructure.com', 'used-nonce', null)).toBe(false);
    await target.close();

    const again = await lti(['migrate-store', '--to', url], env);
    oneLineFailure(again);
    expect(again.err).toMatch(/is not empty \(1 registrations.*Add --replace/);
    const replaced = await lti(['migrate-store', '--to', url, '--replace'], env);
    expect(replaced.code).toBe(0);
    const check = new PgLtiStore(url);
    expect(await check.dump()).toEqual(dump);
    await check.close();
  }, 60_000);
});
