/**
 * What `npm run lti -- status` prints: which store the tool uses and how it stands, for an
 * operator. Never a password or a private key.
 */
import { formatDuration } from './duration';
import { SCHEMA_VERSION } from './lti-schema';
import type { LtiStore } from './lti-store';

export async function storeStatus(store: LtiStore, now: number = Date.now()): Promise<string> {
  const [version, keys, counts] = [await store.schemaVersion(), await store.publishedKeys(), await store.counts()];
  const current = keys.find((k) => k.current);
  const previous = keys.filter((k) => !k.current);
  const when = (t: number) => new Date(t).toISOString().replace(/\.\d+Z$/, 'Z');
  const rows: Array<[string, string]> = [
    ['Store', `${store.kind === 'postgres' ? 'PostgreSQL' : 'SQLite file'} ${store.location}`],
    ['Schema', `version ${version} (this build's: ${SCHEMA_VERSION})`],
    [
      'Current key',
      current
        ? `${current.kid}, made ${formatDuration(now - current.createdAt)} ago (${when(current.createdAt)})`
        : 'none yet (made on the first launch or JWKS request)',
    ],
    ...(previous.length
      ? previous.map((k): [string, string] => [
          'Previous key',
          `${k.kid}, leaves the JWKS in ${formatDuration(k.expiresAt! - now)} (${when(k.expiresAt!)})`,
        ])
      : [['Previous key', 'none'] as [string, string]]),
    ['Registrations', `${counts.platforms} (${counts.deployments} deployments)`],
    ['Pending logins', String(counts.logins)],
    ['Open picker sessions', String(counts.deepLinks)],
    ['Used nonces', `${counts.nonces} (kept a day)`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => label.padEnd(width) + value).join('\n');
}
