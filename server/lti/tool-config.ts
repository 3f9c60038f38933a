/**
 * What a platform is told about the tool: its URLs, the Dynamic Registration request,
 * Canvas's developer-key JSON and the values an administrator types in by hand. All of
 * it follows from the tool's public address.
 */
import { DEEP_LINKING_REQUEST, RESOURCE_LINK_REQUEST, TOOL_CONFIGURATION } from './lti-claims';

export const TOOL_NAME = 'Standards Explorer';
const DESCRIPTION =
  'Choose K-12 academic standards (Common Core, state frameworks) and insert them, with their attribution, into a page or activity.';

export interface ToolUrls {
  /** The tool's public origin, e.g. https://standards.example.edu */
  base: string;
  /** Host (and port, if any): what Dynamic Registration calls the tool's domain. */
  domain: string;
  login: string;
  /** Redirect URI and target link URI alike: every launch comes back here. */
  launch: string;
  jwks: string;
  register: string;
  canvasJson: string;
  icon: string;
}

export function toolUrls(base: string): ToolUrls {
  const origin = new URL(base).origin;
  return {
    base: origin,
    domain: new URL(origin).host,
    login: `${origin}/lti/login`,
    launch: `${origin}/lti/launch`,
    jwks: `${origin}/lti/jwks`,
    register: `${origin}/lti/register`,
    canvasJson: `${origin}/lti/canvas.json`,
    icon: `${origin}/icon-192.png`,
  };
}

/** The client metadata posted to the platform's registration endpoint (Dynamic Registration 1.0). */
export function registrationRequest(urls: ToolUrls) {
  const message = (type: string, label: string, placements: string[]) => ({
    type,
    target_link_uri: urls.launch,
    label,
    icon_uri: urls.icon,
    // Canvas's names; platforms that place tools their own way ignore them.
    placements,
  });
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: urls.login,
    redirect_uris: [urls.launch],
    client_name: TOOL_NAME,
    jwks_uri: urls.jwks,
    logo_uri: urls.icon,
    token_endpoint_auth_method: 'private_key_jwt',
    // The tool calls no platform service: it asks for no scope.
    scope: '',
    [TOOL_CONFIGURATION]: {
      domain: urls.domain,
      description: DESCRIPTION,
      target_link_uri: urls.launch,
      // Only the locale is read (to show the standards in the LMS's language settings); no names, no e-mail.
      claims: ['iss', 'sub', 'locale'],
      messages: [
        message(DEEP_LINKING_REQUEST, 'Insert standards', ['editor_button', 'link_selection', 'assignment_selection']),
        message(RESOURCE_LINK_REQUEST, TOOL_NAME, []),
      ],
    },
  };
}

/** Canvas's "Paste JSON" / "Enter URL" developer-key configuration. */
export function canvasConfiguration(urls: ToolUrls) {
  const placement = (placement: string, text: string) => ({
    placement,
    message_type: DEEP_LINKING_REQUEST,
    target_link_uri: urls.launch,
    text,
    icon_url: urls.icon,
    selection_width: 800,
    selection_height: 640,
  });
  return {
    title: TOOL_NAME,
    description: DESCRIPTION,
    oidc_initiation_url: urls.login,
    target_link_uri: urls.launch,
    public_jwk_url: urls.jwks,
    scopes: [],
    extensions: [
      {
        domain: urls.domain,
        tool_id: 'standards-explorer',
        platform: 'canvas.instructure.com',
        privacy_level: 'anonymous',
        settings: {
          text: TOOL_NAME,
          icon_url: urls.icon,
          placements: [
            placement('editor_button', 'Insert standards'),
            placement('link_selection', 'Standards'),
            placement('assignment_selection', 'Standards'),
          ],
        },
      },
    ],
    custom_fields: {},
  };
}

/** The values a Moodle, Brightspace, Schoology or Blackboard administrator types in. */
export function manualValues(urls: ToolUrls): Array<[label: string, value: string]> {
  return [
    ['Tool URL / Target link URI', urls.launch],
    ['Initiate login URL / OIDC login URL', urls.login],
    ['Redirection URI(s)', urls.launch],
    ['Public keyset URL / JWKS URL', urls.jwks],
    ['Deep linking / Content selection URL', urls.launch],
    ['Domain', urls.domain],
    ['Dynamic Registration URL (Tool URL for registration)', urls.register],
    ['Canvas developer key JSON URL', urls.canvasJson],
  ];
}
