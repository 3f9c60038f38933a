/**
 * `npm run lti -- <command>`: an administrator's view of the LTI tool's registrations,
 * in the same store the server uses (STANDARDS_LTI_STORE). For platforms that register
 * tools by hand (Canvas developer keys, Brightspace, Schoology, Blackboard) and for a
 * deployment Dynamic Registration did not name.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { LtiStore } from '../lti/lti-store';

const USAGE = `Usage:
  npm run lti -- list
  npm run lti -- add --issuer <iss> --client-id <id> --auth-url <url> --jwks-url <url> [--token-url <url>] [--name <label>] [--deployment <id>]...
  npm run lti -- deployment <issuer> <client-id> <deployment-id>
  npm run lti -- remove <issuer> <client-id>`;

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

function main(argv: string[]) {
  const [command, ...rest] = argv;
  const store = new LtiStore(loadConfig().ltiStore);
  try {
    if (command === 'list') {
      const platforms = store.platforms();
      if (!platforms.length) return console.log(`No platform is registered (${store.file}).`);
      for (const p of platforms)
        console.log(
          `${p.name}\n  issuer     ${p.issuer}\n  client ID  ${p.clientId}\n  login      ${p.authUrl}\n  keys       ${p.jwksUrl}\n  deployments ${store.deployments(p.issuer, p.clientId).join(', ') || '(none yet)'}`,
        );
      return;
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
      store.savePlatform(
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
      return console.log(`Registered ${values.issuer} (client ID ${values['client-id']}) in ${store.file}.`);
    }
    if (command === 'deployment' && rest.length === 3) {
      const [issuer, clientId, deploymentId] = rest as [string, string, string];
      if (!store.platform(issuer, clientId)) throw new ConfigError(`No platform ${issuer} with client ID ${clientId}: add it first.`);
      store.addDeployment(issuer, clientId, deploymentId);
      return console.log(`Deployment ${deploymentId} of ${issuer} may now launch the tool.`);
    }
    if (command === 'remove' && rest.length === 2) {
      const removed = store.removePlatform(rest[0]!, rest[1]!);
      return console.log(removed ? `Removed ${rest[0]} (client ID ${rest[1]}).` : `No such registration.`);
    }
    throw new ConfigError(USAGE);
  } finally {
    store.close();
  }
}

try {
  main(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : `The command failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
