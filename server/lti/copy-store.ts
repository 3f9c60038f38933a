/**
 * `npm run lti -- migrate-store`: everything in one LTI store written into another (the
 * SQLite file into PostgreSQL, when the tool moves past one machine): registrations,
 * deployments, every key (the previous ones with their grace), pending logins, used nonces
 * and open picker sessions, read in one snapshot and written in one transaction. A target
 * that already holds anything is left alone unless `replace` is asked for.
 */
import type { LtiStore, StoreDump } from './lti-store';

export class TargetNotEmpty extends Error {}

const describe = (d: StoreDump) =>
  [
    `${d.platforms.length} registrations`,
    `${d.deployments.length} deployments`,
    `${d.keys.length} signing keys${d.keys.length > 1 ? ` (${d.keys.length - 1} previous)` : ''}`,
    `${d.logins.length} pending logins`,
    `${d.nonces.length} used nonces`,
    `${d.deepLinks.length} open picker sessions`,
  ].join(', ');

export async function copyStore(from: LtiStore, to: LtiStore, { replace = false } = {}): Promise<string> {
  const dump = await from.dump();
  if (!replace) {
    const existing = await to.dump();
    const held =
      existing.keys.length + existing.platforms.length + existing.logins.length + existing.nonces.length + existing.deepLinks.length;
    if (held > 0)
      throw new TargetNotEmpty(
        `${to.location} is not empty (${describe(existing)}). Add --replace to overwrite it with ${from.location}'s contents.`,
      );
  }
  await to.load(dump, { replace });
  return `Copied ${describe(dump)} from ${from.location} to ${to.location}.`;
}
