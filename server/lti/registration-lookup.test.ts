/**
 * What an instance keeps of the registrations it read: found platforms and deployments for
 * `keepMs`, never an absence. Two store objects on one file stand for two instances: one
 * reads through the lookup, the other changes the registrations (an administrator's
 * `npm run lti` on another machine).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LtiStore } from './lti-store';
import { SqliteLtiStore } from './sqlite-lti-store';
import { registrationLookup } from './registration-lookup';
import { sqliteFile } from '../test-support/lti-stores';

const lms = (clientId: string) => ({
  issuer: 'https://lms.example.edu',
  clientId,
  authUrl: 'https://lms.example.edu/auth',
  jwksUrl: 'https://lms.example.edu/jwks',
  tokenUrl: null,
  name: 'LMS',
});
const ISS = 'https://lms.example.edu';

describe('registrations as a launch reads them', () => {
  let clock = 1_000;
  const now = () => clock;
  const opened: LtiStore[] = [];
  const twoInstances = async () => {
    const file = sqliteFile();
    const [reader, admin] = [new SqliteLtiStore(file, now), new SqliteLtiStore(file, now)];
    opened.push(reader, admin);
    await admin.ready();
    return { reader, admin };
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  it('keeps a found platform for its time, then sees its removal', async () => {
    const { reader, admin } = await twoInstances();
    await admin.savePlatform(lms('c1'), ['d1']);
    const lookup = registrationLookup(reader, 5_000, now);
    expect(await lookup.platform(ISS, 'c1')).toMatchObject({ clientId: 'c1' });
    await admin.removePlatform(ISS, 'c1');
    clock += 4_999;
    expect(await lookup.platform(ISS, 'c1')).toMatchObject({ clientId: 'c1' });
    expect(await lookup.candidates(ISS, 'c1')).toHaveLength(1);
    clock += 1;
    expect(await lookup.platform(ISS, 'c1')).toBeNull();
    expect(await lookup.candidates(ISS, 'c1')).toEqual([]);
  });

  it('never keeps an absence: a registration made elsewhere launches at once', async () => {
    const { reader, admin } = await twoInstances();
    const lookup = registrationLookup(reader, 5_000, now);
    expect(await lookup.platform(ISS, 'c2')).toBeNull();
    expect(await lookup.hasDeployment(ISS, 'c2', 'd1')).toBe(false);
    await admin.savePlatform(lms('c2'), ['d1']);
    expect(await lookup.platform(ISS, 'c2')).toMatchObject({ clientId: 'c2' });
    expect(await lookup.hasDeployment(ISS, 'c2', 'd1')).toBe(true);
    // A deployment added after the list was kept is found by asking again.
    await admin.addDeployment(ISS, 'c2', 'd2');
    expect(await lookup.hasDeployment(ISS, 'c2', 'd2')).toBe(true);
    expect(await lookup.hasDeployment(ISS, 'c2', 'no-such')).toBe(false);
  });

  it('keeps nothing when told to (the file store)', async () => {
    const { reader, admin } = await twoInstances();
    await admin.savePlatform(lms('c3'), ['d1']);
    const lookup = registrationLookup(reader, 0, now);
    expect(await lookup.hasDeployment(ISS, 'c3', 'd1')).toBe(true);
    expect(await lookup.platform(ISS, 'c3')).not.toBeNull();
    await admin.removePlatform(ISS, 'c3');
    expect(await lookup.platform(ISS, 'c3')).toBeNull();
    expect(await lookup.hasDeployment(ISS, 'c3', 'd1')).toBe(false);
  });

  it('counts every registration of an issuer when the login names no client', async () => {
    const { reader, admin } = await twoInstances();
    await admin.savePlatform(lms('c4'), ['d1']);
    await admin.savePlatform(lms('c5'), ['d1']);
    const lookup = registrationLookup(reader, 5_000, now);
    expect((await lookup.candidates(ISS, undefined)).map((p) => p.clientId).sort()).toEqual(['c4', 'c5']);
    expect(await lookup.candidates('https://other.example.edu', undefined)).toEqual([]);
  });
});
