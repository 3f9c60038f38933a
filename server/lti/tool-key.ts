/**
 * The tool's signing keys (RS256), kept in the LTI store so they survive restarts and every
 * instance signs with the same one. The first is made on first use; `npm run lti --
 * rotate-key` makes a new one that signs from then on, while the one it replaced stays in
 * the JWKS for a grace period (platforms may hold answers it signed, or a JWKS fetched
 * before the rotation).
 *
 * Every signing asks the store which key is current (one indexed read, once per
 * deep-linking answer), so a rotation made by any instance or by the CLI is followed by
 * all of them at once; only the imported private key is cached, per key id, since a key id
 * never names another key. The private half never leaves the server.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { LtiStore, NewKey, StoredKey } from './lti-store';

export interface ToolKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** How long a replaced key stays published unless the operator says otherwise. */
export const DEFAULT_GRACE_MS = 7 * 24 * 60 * 60_000;

const imported = new Map<string, Promise<CryptoKey>>();
// One key made at a time per store in this process: the first requests after a start share it.
const making = new WeakMap<LtiStore, Promise<StoredKey>>();

export async function makeKey(): Promise<NewKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateJwk: JSON.stringify(await exportJWK(privateKey)),
    publicJwk: JSON.stringify({ ...publicJwk, kid, alg: 'RS256', use: 'sig' }),
  };
}

async function currentOrFirst(store: LtiStore): Promise<StoredKey> {
  const stored = await store.currentKey();
  if (stored) return stored;
  let made = making.get(store);
  if (!made) {
    // The store keeps the first key written: instances starting together end up with one.
    made = makeKey().then((key) => store.addFirstKey(key));
    making.set(store, made);
    void made.finally(() => making.delete(store)).catch(() => {});
  }
  return made;
}

function privateKeyOf(stored: StoredKey): Promise<CryptoKey> {
  let key = imported.get(stored.kid);
  if (!key) {
    key = importJWK(JSON.parse(stored.privateJwk) as JWK, 'RS256') as Promise<CryptoKey>;
    // A failure is not kept: the next signing tries again.
    key.catch(() => imported.delete(stored.kid));
    imported.set(stored.kid, key);
  }
  return key;
}

/** The key that signs now, as the store says at this moment. */
export async function toolKey(store: LtiStore): Promise<ToolKey> {
  const stored = await currentOrFirst(store);
  return { kid: stored.kid, privateKey: await privateKeyOf(stored), publicJwk: JSON.parse(stored.publicJwk) as JWK };
}

/** The JWKS: the current key (made if there is none yet) and the replaced ones still in their grace. */
export async function publishedJwks(store: LtiStore): Promise<{ keys: JWK[] }> {
  let keys = await store.publishedKeys();
  if (!keys.some((k) => k.current)) {
    await currentOrFirst(store);
    keys = await store.publishedKeys();
  }
  return { keys: keys.map((k) => JSON.parse(k.publicJwk) as JWK) };
}

/** A new key signs from now on; the replaced one stays published for `graceMs`. */
export async function rotateToolKey(store: LtiStore, graceMs: number = DEFAULT_GRACE_MS) {
  return store.rotateKey(await makeKey(), graceMs);
}
