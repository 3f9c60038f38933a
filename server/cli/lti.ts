/**
 * `npm run lti -- <command>`: an operator's view of the LTI tool, in the same store the
 * server uses (PostgreSQL when STANDARDS_LTI_DATABASE_URL is set, otherwise the file
 * STANDARDS_LTI_STORE): its registrations (for platforms that register tools by hand, and
 * a deployment Dynamic Registration did not name), its state and keys, and the move from
 * the file to PostgreSQL. Every failure is one line and exit code 1.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { copyStore, TargetNotEmpty } from '../lti/copy-store';
import { formatDuration, parseDuration } from '../lti/duration';
import type { LtiStore } from '../lti/lti-store';
import { openLtiStore } from '../lti/open-lti-store';
import { pgUrlProblem } from '../lti/pg-connection';
import { PgLtiStore } from '../lti/pg-lti-store';
import { SqliteLtiStore } from '../lti/sqlite-lti-store';
import { LtiStoreUnavailable, LtiStoreVersionError } from '../lti/store-errors';
import { storeStatus } from '../lti/store-status';
import { DEFAULT_GRACE_MS, rotateToolKey } from '../lti/tool-key';

const USAGE = `Usage:
  npm run lti -- list
  npm run lti -- add --issuer <iss> --client-id <id> --auth-url <url> --jwks-url <url> [--token-url <url>] [--name <label>] [--deployment <id>]...
  npm run lti -- deployment <issuer> <client-id> <deployment-id>
  npm run lti -- remove <issuer> <client-id>
  npm run lti -- status
  npm run lti -- rotate-key [--grace <duration, e.g. 7d, 36h; default 7d>]
  npm run lti -- migrate-store --to <postgres://user:password@host:5432/database> [--replace]`;

function httpsUrl(value: string | undefined, flag: string): string {
  if (!value) throw new ConfigError(`${flag} is required.\n${USAGE}`);
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // reported below
  }
  throw new ConfigError(`${flag} must be an https URL; got "${value}".`);
}

async function registrations(store: LtiStore, command: string, rest: string[]): Promise<string> {
  if (command === 'list') {
    const platforms = await store.platforms();
    if (!platforms.length) return `No platform is registered (${store.location}).`;
    const lines: string[] = [];
    for (const p of platforms)
      lines.push(
        `${p.name}\n  issuer     ${p.issuer}\n  client ID  ${p.clientId}\n  login      ${p.authUrl}\n  keys       ${p.jwksUrl}\n  deployments ${(await store.deployments(p.issuer, p.clientId)).join(', ') || '(none yet)'}`,
      );
    return lines.join('\n');
  }
  if (command === 'add') {
    const { values } = parseArgs({
      args: rest,
      options: {
        issuer: { type: 'string' },
        'client-id': { type: 'string' },
        'auth-url': { type: 'string' },
        'jwks-url': { type: 'string' },
        'token-url': { type: 'string' },
        name: { type: 'string' },
        deployment: { type: 'string', multiple: true },
      },
    });
    if (!values.issuer || !values['client-id']) throw new ConfigError(`--issuer and --client-id are required.\n${USAGE}`);
    await store.savePlatform(
      {
        issuer: values.issuer,
        clientId: values['client-id'],
        authUrl: httpsUrl(values['auth-url'], '--auth-url'),
        jwksUrl: httpsUrl(values['jwks-url'], '--jwks-url'),
        tokenUrl: values['token-url'] ? httpsUrl(values['token-url'], '--token-url') : null,
        name: values.name ?? new URL(httpsUrl(values.issuer, '--issuer')).host,
      },
      values.deployment ?? [],
    );
    return `Registered ${values.issuer} (client ID ${values['client-id']}) in ${store.location}.`;
  }
  if (command === 'deployment' && rest.length === 3) {
    const [issuer, clientId, deploymentId] = rest as [string, string, string];
    if (!(await store.platform(issuer, clientId))) throw new ConfigError(`No platform ${issuer} with client ID ${clientId}: add it first.`);
    await store.addDeployment(issuer, clientId, deploymentId);
    return `Deployment ${deploymentId} of ${issuer} may now launch the tool.`;
  }
  if (command === 'remove' && rest.length === 2) {
    const removed = await store.removePlatform(rest[0]!, rest[1]!);
    return removed ? `Removed ${rest[0]} (client ID ${rest[1]}).` : `No such registration.`;
  }
  throw new ConfigError(USAGE);
}

async function rotateKey(store: LtiStore, rest: string[]): Promise<string> {
  const { values } = parseArgs({ args: rest, options: { grace: { type: 'string' } } });
  const grace = values.grace === undefined ? DEFAULT_GRACE_MS : parseDuration(values.grace);
  if (grace === null) throw new ConfigError(`--grace must be a duration like 7d, 36h or 90m; got "${values.grace}".`);
  const { current, previous } = await rotateToolKey(store, grace);
  return [
    `New signing key ${current.kid}: every instance signs with it from now on.`,
    previous
      ? `The previous key ${previous.kid} stays in the JWKS for ${formatDuration(grace)}, until ${new Date(previous.expiresAt!).toISOString()}.`
      : 'There was no previous key.',
  ].join('\n');
}

async function migrateStore(config: ReturnType<typeof loadConfig>, rest: string[]): Promise<string> {
  const { values } = parseArgs({ args: rest, options: { to: { type: 'string' }, replace: { type: 'boolean' } } });
  if (!values.to) throw new ConfigError(`migrate-store needs --to <postgres URL>.\n${USAGE}`);
  const problem = pgUrlProblem(values.to);
  if (problem) throw new ConfigError(`--to cannot be used: ${problem}. Write it as postgres://user:password@host:5432/database.`);
  // The source is always the file: the move is from one machine's file to the shared database.
  if (!existsSync(config.ltiStore))
    throw new ConfigError(`There is no LTI store file at ${config.ltiStore} (STANDARDS_LTI_STORE): nothing to copy.`);
  const from = new SqliteLtiStore(config.ltiStore);
  const to = new PgLtiStore(values.to);
  try {
    const done = await copyStore(from, to, { replace: values.replace ?? false });
    return `${done}\nNow set STANDARDS_LTI_DATABASE_URL to that URL on every instance and restart them.`;
  } finally {
    await Promise.all([from.close(), to.close()]);
  }
}

async function main(argv: string[]): Promise<string> {
  const [command = '', ...rest] = argv;
  const config = loadConfig();
  if (command === 'migrate-store') return migrateStore(config, rest);
  const store = openLtiStore(config);
  try {
    await store.ready();
    if (command === 'status') return await storeStatus(store);
    if (command === 'rotate-key') return await rotateKey(store, rest);
    return await registrations(store, command, rest);
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (out) => console.log(out),
  (e: unknown) => {
    const known = [ConfigError, LtiStoreUnavailable, LtiStoreVersionError, TargetNotEmpty].some((k) => e instanceof k);
    const message = e instanceof Error ? e.message : String(e);
    // One line (a usage text aside), never a stack trace.
    console.error(known ? message : `The command failed: ${message.split('\n')[0]}`);
    process.exit(1);
  },
);
