/**
 * The LtiDeepLinkingResponse (Deep Linking 2.0): content items built from what the
 * platform accepts, signed by the tool, addressed to the platform, with its `data`
 * echoed untouched.
 */
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { attributionsOf, type ChosenStandard } from './chosen-standards';
import { CLAIM, DEEP_LINKING_RESPONSE, LTI_VERSION, MADE_TYPES, STANDARDS_PARAM, type MadeType } from './lti-claims';
import type { DeepLinkSession } from './lti-store';
import type { ToolKey } from './tool-key';
import type { ToolUrls } from './tool-config';
import { escapeHtml } from '../escape-html';

/** How long the platform has to read the answer (seconds). */
const RESPONSE_LIFETIME = 5 * 60;

/** A short name for a list: "3.NF.A.1, 3.NF.A.2 and 1 more". */
export function titleOf(standards: readonly ChosenStandard[]): string {
  const codes = standards.map((s) => s.code ?? s.text.slice(0, 40));
  const shown = codes.slice(0, 3).join(', ');
  const more = codes.length - 3;
  return `Standards: ${shown}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * The types sent back: with one item allowed, the first accepted of html (it lists the
 * standards where the teacher is writing), ltiResourceLink, link; with several, the html
 * list and a link that opens them (a resource link where accepted, else a plain link).
 */
export function chooseTypes(acceptTypes: readonly string[], acceptMultiple: boolean): MadeType[] {
  const accepted = MADE_TYPES.filter((t) => acceptTypes.includes(t));
  if (!acceptMultiple) return accepted.slice(0, 1);
  const opener = accepted.find((t) => t !== 'html');
  return [...(accepted.includes('html') ? (['html'] as const) : []), ...(opener ? [opener] : [])];
}

export function contentItems(standards: readonly ChosenStandard[], types: readonly MadeType[], urls: ToolUrls) {
  const title = titleOf(standards);
  const attribution = attributionsOf(standards).join(' ');
  const codes = standards.map((s) => s.code ?? s.text.slice(0, 60)).join('; ');
  const text = `${codes}. ${attribution}`;
  const ids = standards.map((s) => s.id).join(',');
  return types.map((type) => {
    if (type === 'html') return { type, title, html: standardsHtml(standards) };
    if (type === 'ltiResourceLink') return { type, title, text, url: urls.launch, custom: { [STANDARDS_PARAM]: ids } };
    return { type, title, text, url: `${urls.base}/lti/standards?ids=${ids}` };
  });
}

/** The list an LMS page shows: plain markup the platform's sanitizer keeps. */
export function standardsHtml(standards: readonly ChosenStandard[]): string {
  const rows = standards.map((s) => `<li>${s.code ? `<strong>${escapeHtml(s.code)}</strong> ` : ''}${escapeHtml(s.text)}</li>`).join('');
  const attribution = attributionsOf(standards)
    .map((a) => escapeHtml(a))
    .join(' ');
  return `<ul>${rows}</ul><p><small>${attribution}</small></p>`;
}

export async function signDeepLinkResponse(
  key: ToolKey,
  session: DeepLinkSession,
  items: readonly object[],
  msg: string | null,
): Promise<string> {
  return new SignJWT({
    nonce: randomUUID(),
    [CLAIM.deploymentId]: session.deploymentId,
    [CLAIM.messageType]: DEEP_LINKING_RESPONSE,
    [CLAIM.version]: LTI_VERSION,
    [CLAIM.contentItems]: items,
    ...(session.data !== null && { [CLAIM.data]: session.data }),
    ...(msg && { [CLAIM.msg]: msg }),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(session.clientId)
    .setAudience(session.issuer)
    .setIssuedAt()
    .setExpirationTime(`${RESPONSE_LIFETIME}s`)
    .sign(key.privateKey);
}
