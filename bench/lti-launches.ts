/**
 * The LTI tool past one machine, timed: whole launches (the OIDC login, then the launch
 * with the platform's signed id_token) through nginx in front of two instances sharing one
 * PostgreSQL, against one instance on its SQLite file, in the same run, with the same test
 * LMS and the same load. Launches per second of each, and the p99 of a whole login → launch.
 *
 * The test LMS runs on the same machine; it signs the id_tokens between the timed logins and
 * the timed launches (launchLoad says why).
 */
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { SAMPLE_DATA } from '../server/config';
import { startTestPlatform, type TestPlatform } from '../server/test-support/lti-platform';
import { postgresBin, startPostgres } from '../server/test-support/postgres';
import {
  freePort,
  MULTI_MACHINE_NGINX_CONF,
  nginxBinary,
  realDataEnv,
  removeFolder,
  startInstance,
  startNginx,
  workFolder,
  type Running,
} from '../server/test-support/scale-out';
import { figure, percentile, type Figure } from './report';

/** Launches in flight at once: a district's busy minute, compressed. */
const CONCURRENCY = 8;
/** Each round: SECONDS of logins, then their launches, on each setup in turn. */
const SECONDS = Number(process.env.LTI_SECONDS ?? 3);
const ROUNDS = 3;

/** Kept-alive connections, one per teacher: a real LMS's users each hold their own. */
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * Posts a form, as the browser does on the LMS's auto-submitted pages; the answer's status
 * and Location, its body read and dropped. node:http rather than fetch: the load generator
 * shares the machine with what it measures, and fetch costs it several times the CPU.
 */
function post(url: string, fields: Record<string, string>): Promise<{ status: number; location: string | undefined }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Login {
  state: string;
  nonce: string;
  /** The login's own time (ms). */
  took: number;
}

/** A teacher's login at `base`: the state and nonce the tool sent the platform, or an error naming the answer. */
async function login(base: string, publicUrl: string, platform: TestPlatform): Promise<Login> {
  const began = performance.now();
  const { loginHint, hint } = platform.prepareLaunch();
  const res = await post(`${base}/lti/login`, {
    iss: platform.issuer,
    login_hint: loginHint,
    lti_message_hint: hint,
    target_link_uri: `${publicUrl}/lti/launch`,
    client_id: platform.registrations.at(-1)!.clientId,
  });
  if (res.status !== 302 || !res.location) throw new Error(`login answered ${res.status}`);
  const auth = new URL(res.location);
  return { state: auth.searchParams.get('state')!, nonce: auth.searchParams.get('nonce')!, took: performance.now() - began };
}

/** The launch a login leads to, with the platform's signed id_token: its time (ms). */
async function launch(base: string, state: string, idToken: string): Promise<number> {
  const began = performance.now();
  const res = await post(`${base}/lti/launch`, { state, id_token: idToken });
  if (res.status !== 200 && res.status !== 303) throw new Error(`launch answered ${res.status}`);
  return performance.now() - began;
}

/** Runs `work` on CONCURRENCY workers until `more` says stop; the seconds it took. */
async function workers(more: () => boolean, work: () => Promise<void>): Promise<number> {
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (more()) await work();
    }),
  );
  return (performance.now() - began) / 1000;
}

interface Load {
  perSecond: number;
  p99: number;
  failed: number;
}

/**
 * CONCURRENCY teachers launching at `base`: launches per second and the p99 of a whole
 * login → launch (a teacher's login time plus the launch's). The logins run for SECONDS,
 * then the platform signs their id_tokens (not timed), then the launches run. The test LMS
 * shares this machine's cores, and its RS256 signing costs more CPU than the tool's whole
 * launch: timed inside the load it would measure the LMS, not the tool, and weigh most on
 * the setup with more processes. A real LMS signs on its own machine.
 */
async function launchLoad(base: string, publicUrl: string, platform: TestPlatform, seconds = SECONDS): Promise<Load> {
  let failed = 0;
  const logins: Login[] = [];
  const end = performance.now() + seconds * 1000;
  const loginSeconds = await workers(
    () => performance.now() < end,
    async () => {
      try {
        logins.push(await login(base, publicUrl, platform));
      } catch {
        failed++;
      }
    },
  );
  // WebCrypto signs off the main thread: a batch at a time uses every core.
  const signed: Array<(typeof logins)[number] & { idToken: string }> = [];
  for (let i = 0; i < logins.length; i += 64)
    signed.push(
      ...(await Promise.all(
        logins.slice(i, i + 64).map(async (l) => ({ ...l, idToken: await platform.signIdToken(platform.launchClaims({}, l.nonce)) })),
      )),
    );
  const wholes: number[] = [];
  let next = 0;
  const launchSeconds = await workers(
    () => next < signed.length,
    async () => {
      const l = signed[next++]!;
      try {
        wholes.push(l.took + (await launch(base, l.state, l.idToken)));
      } catch {
        failed++;
      }
    },
  );
  return { perSecond: wholes.length / (loginSeconds + launchSeconds), p99: percentile(wholes, 0.99), failed };
}

async function register(publicUrl: string, platform: TestPlatform) {
  const config = encodeURIComponent(`${platform.url}/.well-known/openid-configuration`);
  const res = await fetch(`${publicUrl}/lti/register?openid_configuration=${config}&registration_token=${platform.registrationToken}`);
  if (res.status !== 200) throw new Error(`registration answered ${res.status}`);
}

export async function ltiLaunchFigures(): Promise<Figure[]> {
  if (!nginxBinary() || !postgresBin()) {
    console.log('  skipped: the LTI launch bench needs nginx and PostgreSQL (apt-get install nginx postgresql; .ci/run does)');
    return [];
  }
  const dir = workFolder('bench-lti');
  const running: Running[] = [];
  const postgres = await startPostgres();
  try {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Standards Explorer</title>');
    writeFileSync(join(dir, 'dist', 'embed.html'), '<!doctype html><title>Standards picker</title>');
    const common = { ...realDataEnv([SAMPLE_DATA]), STANDARDS_DIST_DIR: join(dir, 'dist') };

    // One instance on its file (its LTI URLs are those of the requests it answers).
    const single = await startInstance({
      ...common,
      STANDARDS_CACHE_DIR: join(dir, 'single', 'cache'),
      STANDARDS_LTI_STORE: join(dir, 'single', 'lti.sqlite'),
    });
    running.push(single);

    // Two instances on one PostgreSQL, behind nginx.
    const databaseUrl = await postgres.createDatabase();
    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const machine = (n: string) =>
      startInstance({
        ...common,
        STANDARDS_CACHE_DIR: join(dir, n, 'cache'),
        STANDARDS_LTI_DATABASE_URL: databaseUrl,
        STANDARDS_PUBLIC_URL: publicUrl,
      });
    const [a, b] = await Promise.all([machine('a'), machine('b')]);
    running.push(a, b);
    const nginx = await startNginx(join(dir, 'nginx'), [a.url, b.url], undefined, { conf: MULTI_MACHINE_NGINX_CONF, port: nginxPort });
    running.push(nginx);

    // One test LMS registered with each setup; their rounds interleave, so a busy moment of
    // the machine weighs on both sides of a round's ratio alike.
    const [lmsForFile, lmsForShared] = await Promise.all([
      startTestPlatform({ hostname: '127.0.0.1' }),
      startTestPlatform({ hostname: '127.0.0.1' }),
    ]);
    try {
      await register(single.url, lmsForFile);
      await register(publicUrl, lmsForShared);
      // An untimed second on each first: every pooled connection opened, statements prepared, code compiled.
      await launchLoad(single.url, single.url, lmsForFile, 1);
      await launchLoad(publicUrl, publicUrl, lmsForShared, 1);
      const onFile: Load[] = [];
      const shared: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        onFile.push(await launchLoad(single.url, single.url, lmsForFile));
        shared.push(await launchLoad(publicUrl, publicUrl, lmsForShared));
      }
      const line = (r: Load) => `${r.perSecond.toFixed(0)}/s p99 ${r.p99.toFixed(1)} ms`;
      console.log(`  one instance, SQLite: ${onFile.map(line).join('; ')}`);
      console.log(`  two instances, PostgreSQL, nginx: ${shared.map(line).join('; ')}`);
      const failed = [...onFile, ...shared].reduce((n, r) => n + r.failed, 0);
      return [
        figure(
          'lti: launches per second, one instance on SQLite (reference)',
          onFile.map((r) => r.perSecond),
          'launches/s',
        ),
        figure(
          'lti: launches per second, two instances on PostgreSQL behind nginx',
          shared.map((r) => r.perSecond),
          'launches/s',
        ),
        figure(
          'lti: launches per second, two instances on PostgreSQL / one on SQLite',
          shared.map((r, i) => r.perSecond / onFile[i]!.perSecond),
          'ratio',
        ),
        figure(
          'lti: login → launch p99, two instances on PostgreSQL behind nginx',
          shared.map((r) => r.p99),
          'ms',
        ),
        figure('lti: failed launches', [failed], 'launches'),
      ];
    } finally {
      await Promise.all([lmsForFile.close(), lmsForShared.close()]);
    }
  } finally {
    await Promise.all(running.map((r) => r.stop()));
    postgres.stop();
    removeFolder(dir);
  }
}
