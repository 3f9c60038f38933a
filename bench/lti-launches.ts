/**
 * The LTI tool past one machine, timed: whole launches (the OIDC login, then the launch
 * with the platform's signed id_token) through nginx in front of two instances sharing one
 * PostgreSQL, against one instance on its SQLite file, in the same run, with the same test
 * LMS and the same load. Launches per second of each, and the p99 of a whole login → launch.
 *
 * The load generator runs on the same machine and signs every id_token itself (as the LMS
 * would); both setups pay that alike.
 */
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
import { figure, median, type Figure } from './report';

/** Launches in flight at once: a district's busy minute, compressed. */
const CONCURRENCY = 8;
const SECONDS = Number(process.env.LTI_SECONDS ?? 15);

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' as const });

/** One teacher's launch at `base`: login, then launch; its time, or an error naming the step that failed. */
async function launchOnce(base: string, publicUrl: string, platform: TestPlatform): Promise<number> {
  const began = performance.now();
  const { loginHint, hint } = platform.prepareLaunch();
  const login = await fetch(
    `${base}/lti/login`,
    form({
      iss: platform.issuer,
      login_hint: loginHint,
      lti_message_hint: hint,
      target_link_uri: `${publicUrl}/lti/launch`,
      client_id: platform.registrations.at(-1)!.clientId,
    }),
  );
  if (login.status !== 302) throw new Error(`login answered ${login.status}`);
  const auth = new URL(login.headers.get('location')!);
  const state = auth.searchParams.get('state')!;
  const nonce = auth.searchParams.get('nonce')!;
  const idToken = await platform.signIdToken(platform.launchClaims({}, nonce));
  const launched = await fetch(`${base}/lti/launch`, form({ state, id_token: idToken }));
  await launched.arrayBuffer();
  if (launched.status !== 200 && launched.status !== 303) throw new Error(`launch answered ${launched.status}`);
  return performance.now() - began;
}

/** CONCURRENCY teachers launching one after another for SECONDS: launches per second and every launch's time. */
async function launchLoad(base: string, publicUrl: string, platform: TestPlatform) {
  // A few first launches warm the JWKS caches and the connections.
  for (let i = 0; i < 5; i++) await launchOnce(base, publicUrl, platform);
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        try {
          times.push(await launchOnce(base, publicUrl, platform));
        } catch {
          failed++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const sorted = times.sort((a, b) => a - b);
  return { perSecond: times.length / elapsed, p99: sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN, p50: median(sorted), failed };
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

    const platform = await startTestPlatform({ hostname: '127.0.0.1' });
    try {
      await register(single.url, platform);
      const onFile = await launchLoad(single.url, single.url, platform);
      await register(publicUrl, platform);
      const shared = await launchLoad(publicUrl, publicUrl, platform);
      console.log(
        `  one instance, SQLite: ${onFile.perSecond.toFixed(1)} launches/s, p50 ${onFile.p50.toFixed(1)} ms, p99 ${onFile.p99.toFixed(1)} ms, ${onFile.failed} failed`,
      );
      console.log(
        `  two instances, PostgreSQL, nginx: ${shared.perSecond.toFixed(1)} launches/s, p50 ${shared.p50.toFixed(1)} ms, p99 ${shared.p99.toFixed(1)} ms, ${shared.failed} failed`,
      );
      return [
        figure('lti: launches per second, one instance on SQLite (reference)', [onFile.perSecond], 'launches/s'),
        figure('lti: launches per second, two instances on PostgreSQL behind nginx', [shared.perSecond], 'launches/s'),
        figure('lti: launches per second, two instances on PostgreSQL / one on SQLite', [shared.perSecond / onFile.perSecond], 'ratio'),
        figure('lti: login → launch p99, two instances on PostgreSQL behind nginx', [shared.p99], 'ms'),
        figure('lti: failed launches', [onFile.failed + shared.failed], 'launches'),
      ];
    } finally {
      await platform.close();
    }
  } finally {
    await Promise.all(running.map((r) => r.stop()));
    postgres.stop();
    removeFolder(dir);
  }
}
