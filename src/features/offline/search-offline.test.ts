/**
 * One ranking everywhere: a framework saved for offline use, ranked on the device, gives
 * the same results as the local API, for every query of the public teacher set, in both
 * real frameworks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedList } from '../../lib/saved-standards';
import { saveInMemory } from './save-in-memory';
import { CA_MATH, CC_MATH, DEFAULT_DATA, openApi } from '../../../server/test-support/real-api';
import { listen } from '../../../server/test-support/listen';
import queries from '../../../bench/data/search-queries.json';
import { rankOnDevice } from '../../api/search-on-device';

let server: Awaited<ReturnType<typeof listen>>;
let base: string;

beforeAll(async () => {
  const api = await openApi(DEFAULT_DATA);
  server = await listen(api.app.fetch);
  base = `${server.url}/api/v0`;
  await saveInMemory(base, [CA_MATH, CC_MATH]);
});
afterAll(() => server.close());

interface Online {
  data: Array<{ caseIdentifierUUID: string; statementCode: string | null }>;
  matches: Array<{ viaSkill?: { identifier: string } }>;
}

const online = async (fw: string, q: string, order = 'relevance') =>
  (await (
    await fetch(`${base}/standards-frameworks/${fw}/search?query=${encodeURIComponent(q)}&limit=50&order=${order}`)
  ).json()) as Online;

describe.each([
  ['California Math', CA_MATH],
  ['Common Core Math', CC_MATH],
])('%s saved for offline use', (_name, fw) => {
  it('ranks every public query as the API does: the same first ten, through the same skills', async () => {
    const items = (await savedList(base, fw))!;
    expect(items.length).toBeGreaterThan(800);
    let viaSkills = 0;
    for (const { q } of queries) {
      const served = await online(fw, q);
      const device = await rankOnDevice(base, fw, items, q, 'best');
      expect(device.map((h) => h.caseIdentifierUUID).slice(0, 10), q).toEqual(served.data.map((i) => i.caseIdentifierUUID).slice(0, 10));
      expect(device.length, q).toBe(served.data.length);
      const skills = (hits: Array<{ viaSkill?: { identifier: string } }>) => hits.slice(0, 10).map((h) => h.viaSkill?.identifier ?? null);
      expect(skills(device), q).toEqual(skills(served.matches));
      viaSkills += skills(device).filter(Boolean).length;
    }
    // California's standards have skills, and some results match only through them.
    if (fw === CA_MATH) expect(viaSkills).toBeGreaterThan(0);
  });

  it('gives the same results in outline order', async () => {
    const items = (await savedList(base, fw))!;
    const served = await online(fw, 'unit fractions', 'outline');
    const device = await rankOnDevice(base, fw, items, 'unit fractions', 'outline');
    expect(device.map((h) => h.caseIdentifierUUID)).toEqual(served.data.map((i) => i.caseIdentifierUUID));
  });
});
