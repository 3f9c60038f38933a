/**
 * Key rotation as platforms see it, in both stores: two instances (apps on store objects
 * sharing one store) and a clock the test moves. After `rotate-key` on one, the other signs
 * with the new key at its next answer; an answer signed with the old key before the
 * rotation still verifies against the JWKS fetched after it, within the grace period; after
 * it, the old key is gone from the JWKS.
 */
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { storeKinds } from '../test-support/lti-stores';
import { signDeepLinkResponse } from './deep-link-response';
import type { DeepLinkSession, LtiStore } from './lti-store';
import { rotateToolKey, toolKey } from './tool-key';

const { kinds, stop } = storeKinds();
afterAll(stop);

const GRACE_MS = 7 * 24 * 60 * 60_000;
const session: DeepLinkSession = {
  id: 'session',
  issuer: 'https://lms.example.edu',
  clientId: 'client-1',
  deploymentId: 'd1',
  returnUrl: 'https://lms.example.edu/return',
  data: null,
  acceptTypes: ['html'],
  acceptMultiple: true,
  locale: null,
  createdAt: 0,
};

const instance = (store: LtiStore) => createApp({ preparing: () => ({ percent: 0 }), lti: { store, publicUrl: null }, logError: () => {} });
const jwksOf = async (app: ReturnType<typeof instance>) => (await (await app.request('/lti/jwks')).json()) as JSONWebKeySet;
/** An answer as the deep-linking step signs it, on this instance. */
const answer = async (store: LtiStore) => signDeepLinkResponse(await toolKey(store), session, [], null);
const verifies = (jwt: string, jwks: JSONWebKeySet) =>
  jwtVerify(jwt, createLocalJWKSet(jwks), { algorithms: ['RS256'], audience: session.issuer, currentDate: new Date() }).then(
    () => true,
    (e: unknown) => {
      if (e instanceof errors.JWKSNoMatchingKey) return false;
      throw e;
    },
  );

for (const kind of kinds)
  describe.skipIf(kind.skip)(`key rotation in the ${kind.name} store`, () => {
    it('a second instance signs with the new key; the old key verifies within grace and leaves the JWKS after it', async () => {
      let now = Date.now();
      const where = await kind.fresh();
      const [storeA, storeB] = [kind.open(where, () => now), kind.open(where, () => now)];
      const [a, b] = [instance(storeA), instance(storeB)];

      const before = await jwksOf(b);
      expect(before.keys).toHaveLength(1);
      const signedBefore = await answer(storeB);
      const oldKid = decodeProtectedHeader(signedBefore).kid;
      expect(oldKid).toBe(before.keys[0]!.kid);

      // The operator rotates through A's store (the CLI would use a third connection).
      const { current } = await rotateToolKey(storeA, GRACE_MS);
      const signedAfter = await answer(storeB);
      expect(decodeProtectedHeader(signedAfter).kid).toBe(current.kid);

      // A platform that fetched the keys before the rotation fetches them again for the unknown kid.
      expect(await verifies(signedAfter, before)).toBe(false);
      const after = await jwksOf(b);
      expect(after.keys.map((k) => k.kid)).toEqual([current.kid, oldKid]);
      expect(await verifies(signedAfter, after)).toBe(true);
      expect(await verifies(signedBefore, after)).toBe(true);
      // Both instances publish the same set.
      expect(await jwksOf(a)).toEqual(after);

      now += GRACE_MS - 1000;
      expect((await jwksOf(a)).keys).toHaveLength(2);
      now += 1000;
      const afterGrace = await jwksOf(b);
      expect(afterGrace.keys.map((k) => k.kid)).toEqual([current.kid]);
      expect(await verifies(signedBefore, afterGrace)).toBe(false);
      expect(await verifies(signedAfter, afterGrace)).toBe(true);
      for (const k of afterGrace.keys) expect(k).not.toHaveProperty('d');
      await Promise.all([storeA.close(), storeB.close()]);
    });
  });
