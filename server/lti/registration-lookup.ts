/**
 * Registrations as logins and launches read them: a platform and its deployments. Where the
 * store is a network away (PostgreSQL, shared by several instances), each instance keeps
 * what it found for a few seconds, so a launch costs two round trips to the database (take
 * the login, accept the nonce) rather than five; every launch reads its registration, and
 * registrations change a few times a year.
 *
 * Only what was found is kept, never an absence: a platform or deployment registered on
 * another instance launches at once (a miss asks the store again). A removal reaches the
 * other instances within `keepMs`. Bad input cannot grow the memory: it only ever misses.
 */
import type { LtiStore, PlatformRegistration } from './lti-store';

/** How long an instance on PostgreSQL keeps a registration it read: a removal takes effect everywhere within this. */
export const REGISTRATION_KEEP_MS = 5_000;

export interface RegistrationLookup {
  /** The registrations a login may use: `clientId`'s alone when the platform names it. */
  candidates(issuer: string, clientId: string | undefined): Promise<PlatformRegistration[]>;
  platform(issuer: string, clientId: string): Promise<PlatformRegistration | null>;
  hasDeployment(issuer: string, clientId: string, deploymentId: string): Promise<boolean>;
}

interface Kept<T> {
  value: T;
  until: number;
}

/**
 * `keepMs` by default: REGISTRATION_KEEP_MS on PostgreSQL; nothing on the SQLite file, which
 * answers in microseconds and shows every process a change at once.
 */
export function registrationLookup(
  store: LtiStore,
  keepMs = store.kind === 'postgres' ? REGISTRATION_KEEP_MS : 0,
  now: () => number = Date.now,
): RegistrationLookup {
  const platforms = new Map<string, Kept<PlatformRegistration>>();
  const deployments = new Map<string, Kept<string[]>>();
  const keyOf = (issuer: string, clientId: string) => JSON.stringify([issuer, clientId]);
  const fresh = <T>(map: Map<string, Kept<T>>, key: string) => {
    const kept = map.get(key);
    if (kept && kept.until > now()) return kept.value;
    map.delete(key);
    return undefined;
  };

  async function platform(issuer: string, clientId: string) {
    const key = keyOf(issuer, clientId);
    const kept = fresh(platforms, key);
    if (kept) return kept;
    const found = await store.platform(issuer, clientId);
    if (found && keepMs > 0) platforms.set(key, { value: found, until: now() + keepMs });
    return found;
  }

  return {
    platform,
    async candidates(issuer, clientId) {
      if (clientId === undefined) return store.platforms(issuer);
      const found = await platform(issuer, clientId);
      return found ? [found] : [];
    },
    async hasDeployment(issuer, clientId, deploymentId) {
      const key = keyOf(issuer, clientId);
      if (fresh(deployments, key)?.includes(deploymentId)) return true;
      const found = await store.deployments(issuer, clientId);
      if (keepMs > 0) deployments.set(key, { value: found, until: now() + keepMs });
      return found.includes(deploymentId);
    },
  };
}
