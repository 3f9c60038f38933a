/**
 * The two ways the LTI store itself can fail, as the server and the CLI tell them apart:
 * it cannot be reached (the tool answers a 503 page and tries again on the next request),
 * or its schema is newer than this build knows (the server does not start).
 */
import { SCHEMA_VERSION } from './lti-schema';

export class LtiStoreUnavailable extends Error {
  constructor(
    /** The store's location as the operator reads it (no password). */
    readonly location: string,
    cause: unknown,
  ) {
    super(`The LTI store (${location}) cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export class LtiStoreVersionError extends Error {
  constructor(location: string, found: number) {
    super(
      `The LTI store (${location}) has schema version ${found}, newer than this build's ${SCHEMA_VERSION}: a newer build of Standards Explorer upgraded it. ` +
        'Run that newer build (or a later one), or restore the store from a backup made before the upgrade.',
    );
  }
}
