/**
 * One alignment everywhere: a framework saved for offline use suggests, on the device,
 * what the local API suggests for the same text (the same standards in the same order,
 * the same words and skills), for every public problem, in both real frameworks; and
 * where neither can answer, the error says what would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../../lib/key-value-store';
import { saveInMemory } from './save-in-memory';
import { CA_MATH, CC_MATH, DEFAULT_DATA, openApi } from '../../../server/test-support/real-api';
import { listen } from '../../../server/test-support/listen';
import tasks from '../../../bench/data/alignment-tasks.json';
import probes from '../../../bench/data/everyday-probes.json';
import { alignOnDevice } from '../../api/align-on-device';
import { AlignUnavailable, alignText } from '../../api/align';

let server: Awaited<ReturnType<typeof listen>>;
let base: string;
const store = memoryStore();

beforeAll(async () => {
  const api = await openApi(DEFAULT_DATA);
  server = await listen(api.app.fetch);
  base = `${server.url}/api/v0`;
  await saveInMemory(base, [CA_MATH, CC_MATH], store);
});
afterAll(() => server.close());

describe.each([
  ['California Math', CA_MATH],
  ['Common Core Math', CC_MATH],
])('%s saved for offline use', (_name, fw) => {
  it('suggests what the API suggests for every public problem: standards, order, words and skills', async () => {
    let skills = 0;
    for (const { text } of tasks) {
      const served = await alignText({ baseUrl: base }, fw, text, []);
      expect(served.by).toBe('service');
      const device = (await alignOnDevice(base, fw, text, [], 20))!;
      const view = (hits: typeof device) =>
        hits.map((h) => [h.statementCode, h.score, h.words, h.skills.map((s) => s.identifier), h.example]);
      expect(view(device), text.slice(0, 60)).toEqual(view(served.hits));
      skills += device.reduce((n, h) => n + h.skills.length, 0);
    }
    if (fw === CA_MATH) expect(skills).toBeGreaterThan(0);
  });

  it("suggests what the API suggests for everyday texts, with the bank's examples and a teacher's own", async () => {
    const own = [
      {
        standard: (await alignText({ baseUrl: base }, fw, 'count the cubes in a tower', [])).hits[0]!.caseIdentifierUUID,
        text: 'Quibble bugs crawl in a line: count the quibble bugs one by one.',
      },
    ];
    let liked = 0;
    for (const { text } of probes.tasks.slice(0, 30)) {
      for (const examples of [[], own]) {
        const served = await alignText({ baseUrl: base }, fw, text, [], examples);
        const device = (await alignOnDevice(base, fw, text, [], 20, examples))!;
        const view = (hits: typeof device) => hits.map((h) => [h.statementCode, h.score, h.example]);
        expect(view(device), text.slice(0, 60)).toEqual(view(served.hits));
        liked += device.filter((h) => h.example).length;
      }
    }
    expect(liked).toBeGreaterThan(100);
    const text = 'How many quibble bugs are in the line?';
    const served = await alignText({ baseUrl: base }, fw, text, [], own);
    expect(served.hits[0]!.example).toEqual({ text: own[0]!.text, own: true });
    expect((await alignOnDevice(base, fw, text, [], 20, own))![0]!.example).toEqual({ text: own[0]!.text, own: true });
  });

  it('narrows by grade as the API does', async () => {
    const text = tasks[0]!.text;
    const served = await alignText({ baseUrl: base }, fw, text, ['2']);
    const device = (await alignOnDevice(base, fw, text, ['2'], 20))!;
    expect(device.map((h) => h.caseIdentifierUUID)).toEqual(served.hits.map((h) => h.caseIdentifierUUID));
    expect(device.every((h) => h.gradeLevel?.includes('2'))).toBe(true);
  });
});

describe('where the service cannot answer', () => {
  it('ranks on the device when the service is unreachable and the framework is saved; says so when it is not', async () => {
    const api = await openApi(DEFAULT_DATA);
    // Both saved: Common Core's skills come through California's identical standards.
    const gone = await listen(api.app.fetch);
    const goneBase = `${gone.url}/api/v0`;
    await saveInMemory(goneBase, [CC_MATH, CA_MATH], store);
    const online = await alignText({ baseUrl: goneBase }, CC_MATH, tasks[0]!.text, []);
    await gone.close();
    const offline = await alignText({ baseUrl: goneBase }, CC_MATH, tasks[0]!.text, []);
    expect(offline.by).toBe('device');
    expect(offline.hits.map((h) => h.caseIdentifierUUID)).toEqual(online.hits.map((h) => h.caseIdentifierUUID));
    // Only Common Core saved from there: it still ranks on the device; California says it was not saved.
    const other = await listen(api.app.fetch);
    const otherBase = `${other.url}/api/v0`;
    await saveInMemory(otherBase, [CC_MATH], store);
    await other.close();
    expect((await alignText({ baseUrl: otherBase }, CC_MATH, tasks[0]!.text, [])).by).toBe('device');
    await expect(alignText({ baseUrl: otherBase }, CA_MATH, tasks[0]!.text, [])).rejects.toMatchObject({ reason: 'offline' });
  });

  it('says the feature needs the local API or a saved framework where the service lacks the operation', async () => {
    const withoutAlign = await listen(() => Response.json({ error: 'NotFoundError', message: 'no', requestId: 'x' }, { status: 404 }));
    try {
      const error = await alignText({ baseUrl: `${withoutAlign.url}/api/v0` }, CC_MATH, 'fractions', []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AlignUnavailable);
      expect((error as Error).message).toMatch(/local Standards API, or save this framework/);
    } finally {
      await withoutAlign.close();
    }
  });
});
