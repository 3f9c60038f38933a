/**
 * A test LMS, written from the 1EdTech specifications (LTI Core 1.3, Deep Linking 2.0,
 * Dynamic Registration 1.0, Security Framework 1.0), for the tool's tests: it registers
 * the tool by Dynamic Registration, starts OIDC logins from a course page's iframe,
 * answers the tool's authentication request with a signed id_token, and takes the deep
 * linking answer, verifying it with the tool's JWKS. It checks the tool as a strict
 * platform does (Moodle's rules among them): exact redirect_uri, login_hint and
 * lti_message_hint passed back untouched, the registration's domain equal to the host of
 * its target_link_uri.
 */
import { Hono } from 'hono';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import { listen } from './listen';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

export interface LaunchSpec {
  messageType?: string;
  acceptTypes?: string[];
  acceptMultiple?: boolean;
  data?: string;
  custom?: Record<string, string>;
  locale?: string;
  /** Changes to the id_token just before signing (a hostile platform, or a broken one). */
  tamper?: (claims: JWTPayload) => JWTPayload;
}

export interface ToolRegistration {
  clientId: string;
  deploymentId: string;
  metadata: Record<string, any>;
}

export interface ReceivedResponse {
  claims: JWTPayload;
  contentItems: Array<Record<string, any>>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const autoPost = (action: string, fields: Record<string, string>) =>
  `<!doctype html><html><body><form method="post" action="${esc(action)}">${Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('')}</form><script>document.forms[0].submit()</script></body></html>`;

export async function startTestPlatform({ hostname = 'localhost' }: { hostname?: string } = {}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const registrationToken = randomUUID();
  const registrations: ToolRegistration[] = [];
  const responses: ReceivedResponse[] = [];
  const refusedResponses: string[] = [];
  /** What the tool's authentication requests carried, for assertions. */
  const authRequests: Array<Record<string, string>> = [];
  const launches = new Map<string, LaunchSpec & { loginHint: string }>();
  let base = '';

  const app = new Hono();
  app.get('/.well-known/openid-configuration', (c) => {
    if (c.req.header('authorization') !== `Bearer ${registrationToken}`) return c.json({ error: 'invalid_token' }, 401);
    return c.json({
      issuer: base,
      authorization_endpoint: `${base}/auth`,
      token_endpoint: `${base}/token`,
      jwks_uri: `${base}/jwks`,
      registration_endpoint: `${base}/register`,
      scopes_supported: ['openid'],
      response_types_supported: ['id_token'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['iss', 'sub', 'locale'],
      'https://purl.imsglobal.org/spec/lti-platform-configuration': {
        product_family_code: 'test-platform',
        version: '1.0',
        messages_supported: [{ type: 'LtiDeepLinkingRequest' }, { type: 'LtiResourceLinkRequest' }],
      },
    });
  });

  app.post('/register', async (c) => {
    if (c.req.header('authorization') !== `Bearer ${registrationToken}`) return c.json({ error: 'invalid_token' }, 401);
    const body = (await c.req.json().catch(() => null)) as Record<string, any> | null;
    const problem = registrationProblem(body);
    if (problem) return c.json({ error: 'invalid_client_metadata', error_description: problem }, 400);
    const registration = { clientId: randomUUID(), deploymentId: `deployment-${registrations.length + 1}`, metadata: body! };
    registrations.push(registration);
    return c.json({
      ...body,
      client_id: registration.clientId,
      [TOOL_CONFIGURATION]: { ...body![TOOL_CONFIGURATION], deployment_id: registration.deploymentId },
    });
  });

  app.get('/jwks', (c) => c.json({ keys: [jwk] }));

  /**
   * The course page: the tool opens in an iframe, as an LMS shows an external tool, inside
   * the page's own named main (as Moodle's and Canvas's are), so the page is a whole
   * document for axe even while the frame is between two of its pages.
   */
  app.get('/course', (c) => {
    const launch = c.req.query('launch') ?? '';
    return c.html(
      `<!doctype html><html lang="en"><head><title>Course page</title></head><body style="margin:0"><header><h1 style="font:16px sans-serif;margin:8px">Test course</h1></header>
<main aria-label="Week 3"><iframe title="External tool" name="tool" src="/start?launch=${encodeURIComponent(launch)}" style="width:100%;height:640px;border:0;display:block"></iframe></main></body></html>`,
    );
  });

  /** Third-party-initiated login: the platform posts to the tool's initiate_login_uri. */
  app.get('/start', (c) => {
    const hint = c.req.query('launch') ?? '';
    const spec = launches.get(hint);
    const registration = registrations.at(-1);
    if (!spec || !registration) return c.text('No such launch or no tool registered', 400);
    return c.html(
      autoPost(registration.metadata.initiate_login_uri, {
        iss: base,
        login_hint: spec.loginHint,
        target_link_uri: registration.metadata[TOOL_CONFIGURATION].target_link_uri,
        lti_message_hint: hint,
        client_id: registration.clientId,
        lti_deployment_id: registration.deploymentId,
      }),
    );
  });

  /** The OIDC authorization endpoint: checks the tool's request, answers a signed id_token. */
  app.get('/auth', async (c) => {
    const q = c.req.query();
    authRequests.push(q);
    const registration = registrations.find((r) => r.clientId === q.client_id);
    const spec = q.lti_message_hint ? launches.get(q.lti_message_hint) : undefined;
    const problem = !registration
      ? 'unknown client_id'
      : !registration.metadata.redirect_uris.includes(q.redirect_uri)
        ? 'redirect_uri is not exactly a registered one'
        : q.scope !== 'openid' || q.response_type !== 'id_token' || q.response_mode !== 'form_post' || q.prompt !== 'none'
          ? 'not an LTI authentication request'
          : !q.nonce || !q.state
            ? 'no nonce or state'
            : !spec
              ? 'lti_message_hint was changed'
              : q.login_hint !== spec.loginHint
                ? 'login_hint was changed'
                : null;
    if (problem) return c.text(`The platform refused the authentication request: ${problem}`, 400);
    const idToken = await signIdToken(launchClaims(registration!, spec!, q.nonce!), spec!.tamper);
    return c.html(autoPost(q.redirect_uri!, { id_token: idToken, state: q.state! }));
  });

  /** Where the tool's deep linking answer arrives, as the LMS's own page in the iframe. */
  app.post('/deep-link-return', async (c) => {
    const form = await c.req.parseBody();
    const registration = registrations.at(-1);
    try {
      const toolJwks = createRemoteJWKSet(new URL(registration!.metadata.jwks_uri));
      const { payload } = await jwtVerify(String(form.JWT), toolJwks, {
        algorithms: ['RS256'],
        issuer: registration!.clientId,
        audience: base,
        requiredClaims: ['nonce', 'iat', 'exp'],
      });
      if (payload[`${LTI}message_type`] !== 'LtiDeepLinkingResponse') throw new Error('not a deep linking response');
      if (payload[`${LTI}version`] !== '1.3.0') throw new Error('not LTI 1.3');
      if (payload[`${LTI}deployment_id`] !== registration!.deploymentId) throw new Error('another deployment');
      const contentItems = (payload[`${DL}content_items`] ?? []) as ReceivedResponse['contentItems'];
      responses.push({ claims: payload, contentItems });
      const shown = contentItems
        .map((item) =>
          item.type === 'html'
            ? `<section data-item="html">${item.html}</section>`
            : `<p data-item="${esc(item.type)}"><a href="${esc(item.url ?? '')}">${esc(item.title ?? '')}</a></p>`,
        )
        .join('');
      const msg = payload[`${DL}msg`];
      return c.html(
        `<!doctype html><html><body><h2>${contentItems.length ? 'Inserted into the page' : 'Nothing inserted'}</h2>${typeof msg === 'string' ? `<p role="status">${esc(msg)}</p>` : ''}${shown}</body></html>`,
      );
    } catch (e) {
      refusedResponses.push(e instanceof Error ? e.message : String(e));
      return c.html(`<!doctype html><html><body><h2>The platform refused the answer</h2><p>${esc(String(e))}</p></body></html>`, 400);
    }
  });

  /** The administrator's page: the tool's registration URL opens in an iframe (Dynamic Registration 1.0 §3.3). */
  app.get('/admin/register', (c) => {
    const tool = new URL(c.req.query('tool') ?? '');
    tool.searchParams.set('openid_configuration', `${base}/.well-known/openid-configuration`);
    tool.searchParams.set('registration_token', registrationToken);
    return c.html(`<!doctype html><html><body><h1>Register a tool</h1><p id="status">Registering…</p>
<iframe title="Tool registration" src="${esc(tool.href)}" style="width:100%;height:480px;border:0"></iframe>
<script>addEventListener('message', function (e) { if (e.data && e.data.subject === 'org.imsglobal.lti.close') document.getElementById('status').textContent = 'Registration window closed'; });</script>
</body></html>`);
  });

  function launchClaims(registration: ToolRegistration, spec: LaunchSpec, nonce: string): JWTPayload {
    const messageType = spec.messageType ?? 'LtiDeepLinkingRequest';
    return {
      nonce,
      sub: 'teacher-1',
      [`${LTI}message_type`]: messageType,
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: registration.deploymentId,
      [`${LTI}target_link_uri`]: registration.metadata[TOOL_CONFIGURATION].target_link_uri,
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      [`${LTI}context`]: { id: 'course-1', title: 'Test course' },
      [`${LTI}launch_presentation`]: { document_target: 'iframe', locale: spec.locale ?? 'en-US' },
      ...(spec.custom && { [`${LTI}custom`]: spec.custom }),
      ...(messageType === 'LtiResourceLinkRequest' && { [`${LTI}resource_link`]: { id: 'link-1', title: 'Standards' } }),
      ...(messageType === 'LtiDeepLinkingRequest' && {
        [`${DL}deep_linking_settings`]: {
          deep_link_return_url: `${base}/deep-link-return`,
          accept_types: spec.acceptTypes ?? ['ltiResourceLink', 'html', 'link'],
          accept_presentation_document_targets: ['iframe', 'window'],
          accept_multiple: spec.acceptMultiple ?? true,
          ...(spec.data !== undefined && { data: spec.data }),
        },
      }),
    };
  }

  /** An id_token as this platform signs it (or as `key` does: a forger). */
  async function signIdToken(claims: JWTPayload, tamper?: LaunchSpec['tamper'], key: CryptoKey = privateKey, keyId = kid) {
    const registration = registrations.at(-1);
    const now = Math.floor(Date.now() / 1000);
    const full = tamper
      ? tamper({ iss: base, aud: registration?.clientId, iat: now, exp: now + 300, ...claims })
      : { iss: base, aud: registration?.clientId, iat: now, exp: now + 300, ...claims };
    return new SignJWT(full).setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' }).sign(key);
  }

  const server = await listen((req) => app.fetch(req));
  base = `http://${hostname}:${server.port}`;
  return {
    url: base,
    issuer: base,
    registrationToken,
    registrations,
    responses,
    refusedResponses,
    authRequests,
    /** A launch the course page will make: its URL, and the hint naming it. */
    prepareLaunch(spec: LaunchSpec = {}) {
      const hint = randomUUID();
      launches.set(hint, { ...spec, loginHint: `user-${randomUUID()}` });
      return { hint, loginHint: launches.get(hint)!.loginHint, coursePage: `${base}/course?launch=${hint}` };
    },
    launchClaims: (spec: LaunchSpec, nonce: string) => launchClaims(registrations.at(-1)!, spec, nonce),
    signIdToken,
    close: server.close,
  };
}

export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

/** What Dynamic Registration 1.0 §3.5 and a strict platform require of the tool's metadata. */
function registrationProblem(body: Record<string, any> | null): string | null {
  if (!body) return 'no JSON body';
  const config = body[TOOL_CONFIGURATION];
  if (body.application_type !== 'web') return 'application_type must be web';
  if (!body.response_types?.includes('id_token')) return 'response_types must include id_token';
  if (!body.grant_types?.includes('implicit') || !body.grant_types?.includes('client_credentials'))
    return 'grant_types must include implicit and client_credentials';
  if (typeof body.initiate_login_uri !== 'string' || !Array.isArray(body.redirect_uris) || !body.redirect_uris.length)
    return 'initiate_login_uri and redirect_uris are required';
  if (typeof body.jwks_uri !== 'string') return 'jwks_uri is required';
  if (body.token_endpoint_auth_method !== 'private_key_jwt') return 'token_endpoint_auth_method must be private_key_jwt';
  if (!config || typeof config.domain !== 'string' || typeof config.target_link_uri !== 'string')
    return 'the LTI tool configuration is missing';
  if (new URL(config.target_link_uri).host !== config.domain) return 'the domain is not the host of target_link_uri';
  for (const uri of [body.initiate_login_uri, ...body.redirect_uris])
    if (new URL(uri).host !== config.domain) return `${uri} is not on ${config.domain}`;
  if (!config.messages?.some((m: { type: string }) => m.type === 'LtiDeepLinkingRequest')) return 'no deep linking message';
  return null;
}
