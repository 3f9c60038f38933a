/**
 * The LTI 1.3 tool under /lti: OIDC login, launch, JWKS, Dynamic Registration, the
 * deep-linking answer, the read-only standards page and the configuration a platform
 * reads (README "In the LMS: LTI 1.3"). Every answer is no-store; every refusal is a page
 * that says what went wrong and what to do, never a stack trace.
 */
import { Hono, type Context } from 'hono';
import { createHash, randomBytes } from 'node:crypto';
import { LTI_SCRIPTS } from './assets';
import { readChosen, readChosenIds, type ReadItem } from './chosen-standards';
import { chooseTypes, contentItems, signDeepLinkResponse } from './deep-link-response';
import { registerWithPlatform } from './dynamic-registration';
import { registeredPage, toolValuesPage } from './admin-pages';
import { autoPostPage, refusalPage } from './lti-html';
import { LTI_SESSION_PATTERN, STANDARDS_PARAM } from './lti-claims';
import { LtiRefusal } from './lti-refusal';
import { registrationLookup } from './registration-lookup';
import type { DeepLinkSession, LtiStore } from './lti-store';
import { standardsPage } from './standards-page';
import { canvasConfiguration, toolUrls } from './tool-config';
import { storeUnavailable } from './store-refusal';
import { publishedJwks, toolKey } from './tool-key';
import { replayedLaunch, verifyLaunch } from './verify-launch';

export interface LtiOptions {
  store: LtiStore;
  /** The tool's public origin (STANDARDS_PUBLIC_URL); null: the request's own. */
  publicUrl: string | null;
  /** Hosts whose LMS may register the tool by Dynamic Registration; empty: any. */
  registrationHosts?: readonly string[];
  /** One standard from the Standards API this server answers. */
  readItem: ReadItem;
  logError?: (error: unknown) => void;
}

// LTI pages live in LMS iframes (any LMS's origin), post forms to the platform, and run
// only this site's scripts.
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; form-action http: https:; base-uri 'none'; frame-ancestors *";

const randomToken = () => randomBytes(32).toString('base64url');

/** Form fields or query parameters as strings (a file field or a repeated name counts as absent). */
async function fieldsOf(c: Context): Promise<Record<string, string | undefined>> {
  const raw = c.req.method === 'POST' ? await c.req.parseBody().catch(() => ({})) : c.req.query();
  return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function ltiRoutes({ store, publicUrl, registrationHosts = [], readItem, logError = (e) => console.error('[lti]', e) }: LtiOptions) {
  const lti = new Hono();
  const registrations = registrationLookup(store);
  const urlsOf = (c: Context) => {
    if (publicUrl) return toolUrls(publicUrl);
    const url = new URL(c.req.url);
    // Behind a proxy that ends TLS (deploy/), the browser's scheme is the proxy's.
    const proto = c.req.header('x-forwarded-proto');
    if (proto === 'https' || proto === 'http') url.protocol = `${proto}:`;
    return toolUrls(url.origin);
  };
  const html = (c: Context, body: string, status: 200 | 400 | 401 | 403 | 404 | 405 | 410 | 422 | 500 | 502 | 503 = 200) => {
    c.header('Content-Security-Policy', PAGE_POLICY);
    c.header('Cache-Control', 'no-store');
    return c.html(body, status);
  };

  lti.onError((e, c) => {
    if (e instanceof LtiRefusal) return html(c, refusalPage(e), e.status);
    const unavailable = storeUnavailable(e);
    if (unavailable) {
      // Logged for the operator (the location, never a password); the person sees what to do.
      logError(e instanceof Error ? e.message : e);
      c.header('Retry-After', '30');
      return html(c, refusalPage(unavailable), 503);
    }
    logError(e);
    return html(
      c,
      refusalPage(
        new LtiRefusal(
          400,
          'Something went wrong in the tool',
          'The request could not be completed.',
          'Open the tool again from your LMS.',
        ),
      ),
      500,
    );
  });

  // OIDC third-party-initiated login (Core 1.3 §5.1.1): the platform names itself and the
  // user; the tool answers with an authentication request carrying a fresh state and nonce.
  lti.on(['GET', 'POST'], '/login', async (c) => {
    const form = await fieldsOf(c);
    const urls = urlsOf(c);
    if (!form.iss || !form.login_hint || !form.target_link_uri)
      throw new LtiRefusal(
        400,
        'This is the tool’s login address',
        'An LMS calls it with iss, login_hint and target_link_uri when it launches the tool; one of them is missing.',
        'Open the tool from your LMS; administrators find the tool’s addresses at /lti.',
      );
    const candidates = await registrations.candidates(form.iss, form.client_id || undefined);
    if (candidates.length === 0)
      throw new LtiRefusal(
        403,
        'This LMS is not registered with the tool',
        `No registration for ${form.iss}${form.client_id ? ` with client ID ${form.client_id}` : ''}.`,
        `An LMS administrator registers the tool with ${urls.register} (Dynamic Registration) or by hand (${urls.base}/lti).`,
      );
    if (candidates.length > 1)
      throw new LtiRefusal(
        400,
        'The LMS did not say which registration it launches',
        `${form.iss} has ${candidates.length} registrations here, and the login named no client_id.`,
        'Ask the LMS administrator to keep one registration, or to send client_id.',
      );
    let target: URL | null = null;
    try {
      target = new URL(form.target_link_uri);
    } catch {
      target = null;
    }
    if (!target || target.host !== urls.domain)
      throw new LtiRefusal(
        400,
        'The launch is for another site',
        `Its target_link_uri (${form.target_link_uri.slice(0, 200)}) is not on ${urls.domain}.`,
        'Check the tool’s target link URI in the LMS: it is ' + urls.launch,
      );
    const platform = candidates[0]!;
    const state = randomToken();
    const nonce = randomToken();
    await store.saveLogin({ state, nonce, issuer: platform.issuer, clientId: platform.clientId });
    const auth = new URL(platform.authUrl);
    const query: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: urls.launch,
      login_hint: form.login_hint,
      state,
      nonce,
      // Passed back untouched: the platform reads its own hint.
      ...(form.lti_message_hint !== undefined && { lti_message_hint: form.lti_message_hint }),
    };
    for (const [k, v] of Object.entries(query)) auth.searchParams.set(k, v);
    c.header('Cache-Control', 'no-store');
    return c.redirect(auth.href, 302);
  });

  lti.get('/launch', (c) =>
    html(
      c,
      refusalPage(
        new LtiRefusal(
          405,
          'A launch is posted by your LMS',
          'This address receives the LMS’s signed launch message; opened directly, there is nothing to show.',
          'Open the tool from a course page in your LMS.',
        ),
      ),
      405,
    ),
  );

  lti.post('/launch', async (c) => {
    const launch = await verifyLaunch(store, registrations, await fieldsOf(c));
    if (launch.deepLinking) {
      const session: DeepLinkSession = {
        id: randomToken(),
        issuer: launch.platform.issuer,
        clientId: launch.platform.clientId,
        deploymentId: launch.deploymentId,
        returnUrl: launch.deepLinking.returnUrl,
        data: launch.deepLinking.data,
        acceptTypes: launch.deepLinking.acceptTypes,
        acceptMultiple: launch.deepLinking.acceptMultiple,
        locale: launch.locale,
        createdAt: Date.now(),
      };
      if (!(await store.acceptLaunch(launch.platform.issuer, launch.nonce, session))) throw replayedLaunch();
      // The picker, as embedded anywhere, answering this session instead of a host page.
      c.header('Cache-Control', 'no-store');
      return c.redirect(`/embed?mode=multiple&lti=${session.id}`, 303);
    }
    if (!(await store.acceptLaunch(launch.platform.issuer, launch.nonce, null))) throw replayedLaunch();
    const { ids, problem } = readChosenIds(launch.custom[STANDARDS_PARAM]);
    if (problem) throw new LtiRefusal(400, 'This link’s standards cannot be read', problem, 'Insert the standards again with the tool.');
    return html(c, standardsPage(await readChosen(ids, readItem), ids, launch.locale));
  });

  // The picker's answer: the chosen standards (or a cancel) become the signed
  // LtiDeepLinkingResponse, posted by the browser to the platform's return URL.
  lti.post('/deep-link', async (c) => {
    const form = await fieldsOf(c);
    const closed = new LtiRefusal(
      410,
      'These standards were already returned, or the choice took too long',
      'A choice goes back to the LMS once, within 2 hours of opening the tool.',
      'Close this window and open the tool again from your LMS.',
    );
    const session = form.session && LTI_SESSION_PATTERN.test(form.session) ? await store.deepLink(form.session) : null;
    if (!session) throw closed;
    const cancelled = form.action === 'cancel';
    const { ids, problem } = readChosenIds(cancelled ? '' : form.ids);
    if (problem) throw new LtiRefusal(400, 'The chosen standards cannot be read', problem, 'Go back and choose them again.');
    if (!cancelled && ids.length === 0)
      throw new LtiRefusal(400, 'No standards were chosen', 'The answer named none.', 'Go back and choose at least one, or Cancel.');
    const found = (await readChosen(ids, readItem)).filter((s) => s !== null);
    if (!cancelled && found.length === 0)
      throw new LtiRefusal(404, 'The chosen standards are not in the data', 'None of them could be read.', 'Go back and choose again.');
    const items = cancelled ? [] : contentItems(found, chooseTypes(session.acceptTypes, session.acceptMultiple), urlsOf(c));
    // Taken only now: a failure above leaves the teacher's session open for another try.
    if (!(await store.takeDeepLink(session.id))) throw closed;
    const jwt = await signDeepLinkResponse(
      await toolKey(store),
      session,
      items,
      cancelled ? 'No standards were inserted: the choice was cancelled.' : null,
    );
    return html(
      c,
      autoPostPage(session.returnUrl, { JWT: jwt }, 'Return to the LMS', cancelled ? 'Returning to your LMS…' : 'Inserting the standards…'),
    );
  });

  // The plain-link fallback: the same read-only list, for anyone with the link.
  lti.get('/standards', async (c) => {
    const { ids, problem } = readChosenIds(c.req.query('ids'));
    if (problem) throw new LtiRefusal(400, 'This link’s standards cannot be read', problem, 'Ask for a new link.');
    const locale = c.req.header('accept-language')?.split(',')[0]?.split(';')[0]?.trim() || null;
    return html(c, standardsPage(await readChosen(ids, readItem), ids, locale));
  });

  // Platforms fetch this from their servers: it needs no key, no cookie, no browser.
  // Revalidated on every use (no-cache, with an ETag of the key ids): after a rotation the
  // new key signs at once, so no cache may go on handing out a key set without it.
  lti.get('/jwks', async (c) => {
    const jwks = await publishedJwks(store);
    const etag = `"${createHash('sha256')
      .update(jwks.keys.map((k) => k.kid).join(' '))
      .digest('base64url')
      .slice(0, 22)}"`;
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', etag);
    c.header('Access-Control-Allow-Origin', '*');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.json(jwks);
  });

  lti.get('/register', async (c) => {
    const registered = await registerWithPlatform(store, urlsOf(c), c.req.query(), registrationHosts);
    return html(c, registeredPage(registered));
  });

  lti.get('/canvas.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Access-Control-Allow-Origin', '*');
    return c.json(canvasConfiguration(urlsOf(c)));
  });

  // What an administrator types into an LMS that registers tools by hand.
  lti.get('/', (c) => html(c, toolValuesPage(urlsOf(c))));

  lti.get('/assets/:file', (c) => {
    const script = LTI_SCRIPTS[c.req.param('file')];
    if (!script) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });

  lti.all('*', (c) =>
    html(
      c,
      refusalPage(
        new LtiRefusal(404, 'There is no LTI address here', `${c.req.path} is not one of the tool’s addresses.`, 'See /lti for them.'),
      ),
      404,
    ),
  );
  return lti;
}
