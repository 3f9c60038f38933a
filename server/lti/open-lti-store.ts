/**
 * The LTI store the configuration names: PostgreSQL when STANDARDS_LTI_DATABASE_URL is set
 * (instances on several machines), otherwise the SQLite file STANDARDS_LTI_STORE (one
 * machine). The server and `npm run lti` open it the same way.
 */
import type { Config } from '../config';
import type { LtiStore } from './lti-store';
import { PgLtiStore } from './pg-lti-store';
import { SqliteLtiStore } from './sqlite-lti-store';

export function openLtiStore(config: Pick<Config, 'ltiStore' | 'ltiDatabaseUrl'>, now: () => number = Date.now): LtiStore {
  return config.ltiDatabaseUrl ? new PgLtiStore(config.ltiDatabaseUrl, now) : new SqliteLtiStore(config.ltiStore, now);
}
