/**
 * A launch (the form-posted id_token and state) checked as LTI 1.3 Core and the 1EdTech
 * Security Framework require: the state names a login this tool started and is taken
 * once; the token is signed (RS256) by a key in the platform's JWKS; iss, aud/azp, exp,
 * iat (with a minute of clock skew), nonce (the login's; it is marked used when the
 * launch is accepted), the deployment and the message are known. Every failure is an LtiRefusal; only a launch
 * that passes is returned.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { CLAIM, DEEP_LINKING_REQUEST, HANDLED_MESSAGES, LTI_VERSION, MADE_TYPES, RESOURCE_LINK_REQUEST } from './lti-claims';
import { LtiRefusal } from './lti-refusal';
import type { LtiStore, PlatformRegistration } from './lti-store';
import type { RegistrationLookup } from './registration-lookup';

/** Clocks of platform and tool may differ this much (seconds). */
export const CLOCK_SKEW_SECONDS = 60;
/** An id_token older than this is refused, whatever its exp says. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;

export interface DeepLinkingSettings {
  returnUrl: string;
  acceptTypes: string[];
  acceptMultiple: boolean;
  data: string | null;
  title: string | null;
}

export interface VerifiedLaunch {
  platform: PlatformRegistration;
  deploymentId: string;
  messageType: typeof DEEP_LINKING_REQUEST | typeof RESOURCE_LINK_REQUEST;
  nonce: string;
  locale: string | null;
  custom: Record<string, string>;
  deepLinking: DeepLinkingSettings | null;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
/** The platform's keys, fetched on first use and refreshed by jose when a new kid appears. */
function platformKeys(jwksUrl: string) {
  let set = keySets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(jwksUrl, set);
  }
  return set;
}

const startAgain =
  'Open the tool again from your course; if it happens again, ask your LMS administrator to check the tool’s registration.';

/**
 * Said when the store finds the nonce used already: LtiStore.acceptLaunch marks it used in
 * the same step that keeps the launch, so two instances cannot both accept it.
 */
export const replayedLaunch = () =>
  new LtiRefusal(401, 'This launch message was already used', 'Its nonce was seen before: a launch message is accepted once.', startAgain);

export async function verifyLaunch(
  store: LtiStore,
  registrations: RegistrationLookup,
  form: Record<string, string | undefined>,
): Promise<VerifiedLaunch> {
  if (form.error)
    throw new LtiRefusal(
      400,
      'The LMS did not launch the tool',
      `It answered “${form.error}”${form.error_description ? `: ${form.error_description}` : ''}.`,
      startAgain,
    );
  if (!form.state)
    throw new LtiRefusal(400, 'The launch has no state', 'Every launch must carry the state of the login that started it.', startAgain);
  if (!form.id_token) throw new LtiRefusal(400, 'The launch has no id_token', 'The LMS posted no signed launch message.', startAgain);
  const login = await store.takeLogin(form.state);
  if (!login)
    throw new LtiRefusal(
      401,
      'This launch was not started here, or was already used',
      'Its state matches no login of the last 10 minutes. A launch can be used once; a reload or a link from elsewhere cannot reuse it.',
      startAgain,
    );
  const platform = await registrations.platform(login.issuer, login.clientId);
  if (!platform)
    throw new LtiRefusal(403, 'The platform is no longer registered', `No registration for ${login.issuer} remains.`, startAgain);

  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(form.id_token, platformKeys(platform.jwksUrl), {
      algorithms: ['RS256'],
      issuer: platform.issuer,
      audience: platform.clientId,
      clockTolerance: CLOCK_SKEW_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ['exp', 'iat', 'nonce'],
    }));
  } catch (e) {
    throw tokenRefusal(e, platform);
  }
  if (typeof claims.iat === 'number' && claims.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS)
    throw new LtiRefusal(401, 'The launch message is dated in the future', 'Its iat is ahead of this server’s clock.', startAgain);
  // OIDC Core: with several audiences the token names its party; where it names one, it is this tool.
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 && claims.azp === undefined) || (claims.azp !== undefined && claims.azp !== platform.clientId))
    throw new LtiRefusal(
      401,
      'The launch message is for another tool',
      `Its azp is not this tool’s client ID (${platform.clientId}).`,
      startAgain,
    );
  if (claims.nonce !== login.nonce)
    throw new LtiRefusal(401, 'The launch message does not belong to this login', 'Its nonce is not the one this login sent.', startAgain);

  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !deploymentId)
    throw new LtiRefusal(400, 'The launch names no deployment', 'LTI 1.3 launches carry a deployment_id.', startAgain);
  if (!(await registrations.hasDeployment(platform.issuer, platform.clientId, deploymentId)))
    throw new LtiRefusal(
      403,
      'This deployment of the tool is not known',
      `${platform.name} launched deployment “${deploymentId}”, which was never registered with this tool (client ID ${platform.clientId}).`,
      `An administrator of this tool’s server adds it with: npm run lti -- deployment "${platform.issuer}" "${platform.clientId}" "${deploymentId}"`,
    );
  const messageType = claims[CLAIM.messageType];
  if (!HANDLED_MESSAGES.includes(messageType as (typeof HANDLED_MESSAGES)[number]))
    throw new LtiRefusal(
      400,
      'The tool does not handle this kind of launch',
      `The LMS sent a “${String(messageType)}” message; this tool answers ${HANDLED_MESSAGES.join(' and ')}.`,
      'Add the tool where the LMS offers external content or a link (deep linking), or open a standards link it made.',
    );
  if (claims[CLAIM.version] !== LTI_VERSION)
    throw new LtiRefusal(400, 'The launch is not LTI 1.3', `Its version is “${String(claims[CLAIM.version])}”.`, startAgain);

  const presentation = record(claims[CLAIM.launchPresentation]);
  const launch: VerifiedLaunch = {
    platform,
    deploymentId,
    messageType: messageType as VerifiedLaunch['messageType'],
    nonce: login.nonce,
    locale: typeof presentation.locale === 'string' ? presentation.locale : null,
    custom: Object.fromEntries(Object.entries(record(claims[CLAIM.custom])).filter((e): e is [string, string] => typeof e[1] === 'string')),
    deepLinking: null,
  };
  if (messageType === DEEP_LINKING_REQUEST) launch.deepLinking = deepLinkingSettings(claims);
  else if (typeof record(claims[CLAIM.resourceLink]).id !== 'string')
    throw new LtiRefusal(400, 'The launch names no resource link', 'A resource link launch carries resource_link.id.', startAgain);
  return launch;
}

function deepLinkingSettings(claims: JWTPayload): DeepLinkingSettings {
  const settings = record(claims[CLAIM.deepLinkingSettings]);
  const returnUrl = settings.deep_link_return_url;
  if (typeof returnUrl !== 'string' || !/^https?:\/\//.test(returnUrl))
    throw new LtiRefusal(
      400,
      'The LMS gave no place to return the standards',
      'Its deep linking settings have no deep_link_return_url.',
      startAgain,
    );
  const acceptTypes = Array.isArray(settings.accept_types) ? settings.accept_types.filter((t): t is string => typeof t === 'string') : [];
  if (!acceptTypes.some((t) => (MADE_TYPES as readonly string[]).includes(t)))
    throw new LtiRefusal(
      422,
      'This place in the LMS takes content the tool does not make',
      `It accepts ${acceptTypes.length ? acceptTypes.join(', ') : 'no content type'}; the tool returns ${MADE_TYPES.join(', ')}.`,
      'Insert standards from a page editor, a module or an activity chooser instead.',
    );
  return {
    returnUrl,
    acceptTypes,
    // Where a platform does not say, one item is the safe reading.
    acceptMultiple: settings.accept_multiple === true,
    data: typeof settings.data === 'string' ? settings.data : null,
    title: typeof settings.title === 'string' ? settings.title : null,
  };
}

function tokenRefusal(e: unknown, platform: PlatformRegistration): LtiRefusal {
  if (e instanceof errors.JWTExpired)
    return new LtiRefusal(401, 'The launch message has expired', 'Its exp has passed (allowing a minute of clock difference).', startAgain);
  if (e instanceof errors.JWTClaimValidationFailed) {
    const claim = e.claim === 'aud' ? 'aud (it is not addressed to this tool)' : e.claim === 'iss' ? 'iss (another issuer)' : e.claim;
    return new LtiRefusal(401, 'The launch message is not valid', `Its ${claim} claim failed the check: ${e.reason}.`, startAgain);
  }
  if (e instanceof errors.JWSSignatureVerificationFailed || e instanceof errors.JWKSNoMatchingKey)
    return new LtiRefusal(
      401,
      'The launch message is not signed by the platform',
      `Its signature matches no key published at ${platform.jwksUrl}.`,
      startAgain,
    );
  if (e instanceof errors.JOSEAlgNotAllowed)
    return new LtiRefusal(401, 'The launch message is signed the wrong way', 'LTI 1.3 launches are signed with RS256.', startAgain);
  if (e instanceof errors.JWKSTimeout || e instanceof errors.JWKSInvalid || (e instanceof Error && /fetch|network|ECONN/i.test(e.message)))
    return new LtiRefusal(
      502,
      'The platform’s keys could not be read',
      `The tool could not fetch ${platform.jwksUrl} to check the launch.`,
      'Try again in a minute; if it keeps happening, the platform’s key URL may have changed: register the tool again.',
    );
  return new LtiRefusal(401, 'The launch message could not be read', 'It is not a well-formed signed JWT.', startAgain);
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
