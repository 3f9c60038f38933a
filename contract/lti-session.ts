/**
 * The id of an LTI deep-linking session, as the server makes it and the picker's address
 * carries it (`/embed?lti=…`): long, random, URL-safe. It is a capability: whoever holds
 * it may answer that one deep-linking request, once.
 */
export const LTI_SESSION_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
