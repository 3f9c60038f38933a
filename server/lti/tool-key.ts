/**
 * The tool's signing key (RS256): made once, kept in the LTI store so it survives
 * restarts and every instance signs with the same one; its public half is the JWKS the
 * platforms fetch. The private half never leaves the server.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { LtiStore } from './lti-store';

export interface ToolKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const loaded = new WeakMap<LtiStore, Promise<ToolKey>>();

export function toolKey(store: LtiStore): Promise<ToolKey> {
  let key = loaded.get(store);
  if (!key) {
    key = loadOrMake(store);
    // A failure is not kept: the next request tries again.
    key.catch(() => loaded.delete(store));
    loaded.set(store, key);
  }
  return key;
}

async function loadOrMake(store: LtiStore): Promise<ToolKey> {
  if (!store.toolKey()) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    store.saveToolKey(kid, JSON.stringify(await exportJWK(privateKey)), JSON.stringify({ ...publicJwk, kid, alg: 'RS256', use: 'sig' }));
  }
  // Read back what the store kept: another instance may have written its key first.
  const saved = store.toolKey()!;
  const privateKey = (await importJWK(JSON.parse(saved.privateJwk) as JWK, 'RS256')) as CryptoKey;
  return { kid: saved.kid, privateKey, publicJwk: JSON.parse(saved.publicJwk) as JWK };
}
