/**
 * The LTI store as several instances use it: one file, opened by each. A login started on
 * one instance is finished on another, once; the signing key is the same everywhere,
 * even when two instances make one at the same moment; and everything outlives a restart.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGIN_TTL_MS, LtiStore } from './lti-store';
import { toolKey } from './tool-key';

const fileIn = () => join(mkdtempSync(join(tmpdir(), 'lti-store-')), 'lti.sqlite');
const platform = {
  issuer: 'https://lms.example.edu',
  clientId: 'c1',
  authUrl: 'https://lms.example.edu/auth',
  jwksUrl: 'https://lms.example.edu/jwks',
  tokenUrl: null,
  name: 'LMS',
};

describe('one LTI store shared by instances', () => {
  it('finishes on one instance a login another started, and only once', () => {
    const file = fileIn();
    const [a, b] = [new LtiStore(file), new LtiStore(file)];
    a.savePlatform(platform, ['d1']);
    expect(b.deployments(platform.issuer, platform.clientId)).toEqual(['d1']);
    a.saveLogin({ state: 's1', nonce: 'n1', issuer: platform.issuer, clientId: platform.clientId });
    expect(b.takeLogin('s1')).toMatchObject({ nonce: 'n1' });
    expect(a.takeLogin('s1')).toBeNull();
    expect(b.acceptLaunch(platform.issuer, 'n1', null)).toBe(true);
    expect(a.acceptLaunch(platform.issuer, 'n1', null)).toBe(false);
    a.close();
    b.close();
  });

  it('signs with one key on every instance, kept across restarts', async () => {
    const file = fileIn();
    const [a, b] = [new LtiStore(file), new LtiStore(file)];
    const [ka, kb] = await Promise.all([toolKey(a), toolKey(b)]);
    expect(ka.kid).toBe(kb.kid);
    a.close();
    b.close();
    const restarted = new LtiStore(file);
    expect((await toolKey(restarted)).kid).toBe(ka.kid);
    restarted.close();
  });

  it('lets a login expire, and updates a platform registered again', () => {
    let now = 1_000_000;
    const store = new LtiStore(':memory:', () => now);
    store.savePlatform(platform);
    store.saveLogin({ state: 'old', nonce: 'n', issuer: platform.issuer, clientId: platform.clientId });
    now += LOGIN_TTL_MS + 1;
    expect(store.takeLogin('old')).toBeNull();
    store.savePlatform({ ...platform, jwksUrl: 'https://lms.example.edu/keys2' }, ['d2']);
    expect(store.platforms()).toHaveLength(1);
    expect(store.platform(platform.issuer, platform.clientId)!.jwksUrl).toBe('https://lms.example.edu/keys2');
    store.close();
  });
});
