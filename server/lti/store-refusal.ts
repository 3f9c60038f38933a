/**
 * What a person sees when the LTI store cannot be reached (PostgreSQL restarting, a
 * network cut, a SQLite file locked too long): a 503 page in the refusals' words, naming
 * what went wrong and what to do, with nothing launched or stored.
 */
import { LtiRefusal } from './lti-refusal';
import { LtiStoreUnavailable } from './store-errors';

export function storeUnavailable(e: unknown): LtiRefusal | null {
  if (!(e instanceof LtiStoreUnavailable)) return null;
  return new LtiRefusal(
    503,
    'The tool cannot reach its storage just now',
    'Its database did not answer, so nothing was launched or saved.',
    'Try again in a minute. If it keeps happening, tell the administrator of the tool’s server that its LTI store is not answering.',
  );
}
