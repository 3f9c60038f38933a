/**
 * The app's search over the real local API and the real data (California Math), with the
 * page's filters as a teacher sets them: several grades at once are one search, not an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CA_MATH, openApi, REAL_DATA } from '../../server/test-support/real-api';
import { listen } from '../../server/test-support/listen';
import { searchStandards } from './search';
import type { SearchScope } from './search-hits';

describe('search with the page filters, on the real local API', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let source: { baseUrl: string };
  beforeAll(async () => {
    server = await listen((await openApi(REAL_DATA)).app.fetch);
    source = { baseUrl: `${server.url}/api/v0` };
  });
  afterAll(() => server?.close());

  const scope = (grades: string[], wholeJurisdiction = false): SearchScope => ({
    framework: { caseIdentifierUUID: CA_MATH, jurisdiction: 'California', academicSubject: 'Mathematics' },
    wholeJurisdiction,
    filters: { grades },
    loadIndex: () => Promise.reject(new Error('the local API searches the framework itself')),
  });

  it('finds words in two grades at once, best first or in outline order', async () => {
    for (const order of ['best', 'outline'] as const) {
      const { hits } = await searchStandards(source, 'fractions', scope(['4', '5']), order);
      const grades = new Set(hits.flatMap((h) => h.item?.gradeLevel ?? []));
      expect(grades.has('4') && grades.has('5'), order).toBe(true);
      expect(hits.every((h) => h.item?.gradeLevel?.some((g) => g === '4' || g === '5'))).toBe(true);
    }
  });

  it('finds words in two grades across the jurisdiction (the contract search)', async () => {
    const { hits } = await searchStandards(source, 'fractions', scope(['4', '5'], true));
    expect(hits.length).toBeGreaterThan(0);
  });

  it('finds code prefixes in two grades at once', async () => {
    const { hits } = await searchStandards(source, '4.NF', scope(['4', '5']));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.statementCode?.startsWith('4.NF'))).toBe(true);
  });
});
