/**
 * The claim names and message types of LTI 1.3 Core, Deep Linking 2.0 and Dynamic
 * Registration 1.0, in one place, so every module spells them alike.
 */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  custom: `${LTI}custom`,
  launchPresentation: `${LTI}launch_presentation`,
  context: `${LTI}context`,
  deepLinkingSettings: `${DL}deep_linking_settings`,
  contentItems: `${DL}content_items`,
  data: `${DL}data`,
  msg: `${DL}msg`,
  log: `${DL}log`,
} as const;

export const LTI_VERSION = '1.3.0';
export const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
export const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';

export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const HANDLED_MESSAGES = [DEEP_LINKING_REQUEST, RESOURCE_LINK_REQUEST] as const;

/** The content item types this tool makes, in the order it prefers them when only one may go back. */
export const MADE_TYPES = ['html', 'ltiResourceLink', 'link'] as const;
export type MadeType = (typeof MADE_TYPES)[number];

/** The custom parameter of a resource link that names its standards (comma-separated CASE UUIDs). */
export const STANDARDS_PARAM = 'standards';

export { LTI_SESSION_PATTERN } from '../../contract/lti-session';
