/**
 * LTI Dynamic Registration 1.0, the tool's side: the platform opens the registration URL
 * with its openid_configuration URL (and a registration_token); the tool reads the
 * configuration server-side, posts its own client metadata to the registration endpoint,
 * and keeps what comes back (client ID, deployment) with the platform's endpoints.
 */
import { PLATFORM_CONFIGURATION, TOOL_CONFIGURATION } from './lti-claims';
import { LtiRefusal } from './lti-refusal';
import type { LtiStore, PlatformRegistration } from './lti-store';
import { registrationRequest, type ToolUrls } from './tool-config';

export interface Registered {
  platform: PlatformRegistration;
  deploymentId: string | null;
  /** The platform's product family (e.g. "moodle", "canvas"), for the next steps shown. */
  product: string | null;
  /** The same platform and client ID were registered before: their endpoints were updated. */
  updated: boolean;
}

const startAgain = 'Start the registration again from the LMS; if it fails again, register the tool by hand (see /lti).';
const TIMEOUT_MS = 10_000;

/**
 * The URLs the tool fetches or sends browsers to: https, or http on this machine's own
 * loopback addresses (a platform under test). Nothing else: the tool does not become a
 * way to reach other hosts' plain-http services.
 */
function platformUrl(value: unknown, what: string): string {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new LtiRefusal(400, 'The platform’s configuration is incomplete', `Its ${what} is missing or not a URL.`, startAgain);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new LtiRefusal(400, 'The platform’s address is not secure', `Its ${what} (${url.href}) is not an https URL.`, startAgain);
  return url.href;
}

async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const body: unknown = await res.json().catch(() => null);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new LtiRefusal(502, `The platform’s ${what} could not be read`, 'It did not answer a JSON object.', startAgain);
  return body as Record<string, unknown>;
}

export async function registerWithPlatform(
  store: LtiStore,
  urls: ToolUrls,
  params: { openid_configuration?: string; registration_token?: string },
  allowedHosts: readonly string[] = [],
  fetchImpl: typeof fetch = fetch,
): Promise<Registered> {
  if (!params.openid_configuration)
    throw new LtiRefusal(
      400,
      'This is the tool’s registration address',
      'An LMS opens it with an openid_configuration parameter during Dynamic Registration; opened on its own, there is nothing to register.',
      'Paste this address into your LMS’s “register an LTI tool by URL” field (see /lti for the steps).',
    );
  const configUrl = platformUrl(params.openid_configuration, 'openid_configuration');
  const host = new URL(configUrl).hostname.toLowerCase();
  if (allowedHosts.length && !allowedHosts.includes(host))
    throw new LtiRefusal(
      403,
      'This LMS may not register the tool',
      `${host} is not among the hosts this server accepts registrations from.`,
      'Ask the administrator of the tool’s server to add it to STANDARDS_LTI_REGISTRATION_HOSTS.',
    );
  const auth: Record<string, string> = params.registration_token ? { Authorization: `Bearer ${params.registration_token}` } : {};
  const call = async (url: string, init: RequestInit, what: string) => {
    try {
      return await fetchImpl(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new LtiRefusal(
        502,
        `The platform’s ${what} could not be reached`,
        `Fetching ${url} failed or took over ${TIMEOUT_MS / 1000} s.`,
        startAgain,
      );
    }
  };
  const configRes = await call(configUrl, { headers: { Accept: 'application/json', ...auth } }, 'configuration');
  if (!configRes.ok)
    throw new LtiRefusal(502, 'The platform’s configuration could not be read', `${configUrl} answered ${configRes.status}.`, startAgain);
  const config = await readJson(configRes, 'configuration');
  // Kept exactly as the platform spells it: launches are checked against this string.
  const issuer = String(config.issuer);
  platformUrl(issuer, 'issuer');
  const algs = config.id_token_signing_alg_values_supported;
  if (Array.isArray(algs) && !algs.includes('RS256'))
    throw new LtiRefusal(400, 'The platform does not sign with RS256', 'LTI 1.3 launches are signed with RS256.', startAgain);
  const platformConfig = (config[PLATFORM_CONFIGURATION] ?? {}) as Record<string, unknown>;
  const product = typeof platformConfig.product_family_code === 'string' ? platformConfig.product_family_code : null;
  const platformBase = {
    issuer,
    authUrl: platformUrl(config.authorization_endpoint, 'authorization_endpoint'),
    jwksUrl: platformUrl(config.jwks_uri, 'jwks_uri'),
    tokenUrl: config.token_endpoint ? platformUrl(config.token_endpoint, 'token_endpoint') : null,
    name: product ? product[0]!.toUpperCase() + product.slice(1) : new URL(issuer).host,
  };
  const registrationUrl = platformUrl(config.registration_endpoint, 'registration_endpoint');

  const registerRes = await call(
    registrationUrl,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...auth },
      body: JSON.stringify(registrationRequest(urls)),
    },
    'registration endpoint',
  );
  if (!registerRes.ok) {
    const why = await registerRes.text().catch(() => '');
    throw new LtiRefusal(
      502,
      'The platform refused the registration',
      `${registrationUrl} answered ${registerRes.status}${why ? `: ${why.slice(0, 300)}` : ''}.`,
      startAgain,
    );
  }
  const answer = await readJson(registerRes, 'registration answer');
  if (typeof answer.client_id !== 'string' || !answer.client_id)
    throw new LtiRefusal(502, 'The platform’s registration answer has no client ID', 'It did not say how it knows the tool.', startAgain);
  const toolConfig = (answer[TOOL_CONFIGURATION] ?? {}) as Record<string, unknown>;
  const deploymentId = typeof toolConfig.deployment_id === 'string' && toolConfig.deployment_id ? toolConfig.deployment_id : null;
  const platform: PlatformRegistration = { ...platformBase, clientId: answer.client_id };
  const updated = (await store.platform(platform.issuer, platform.clientId)) !== null;
  await store.savePlatform(platform, deploymentId ? [deploymentId] : []);
  return { platform, deploymentId, product, updated };
}
