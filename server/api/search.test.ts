import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { searchResultSchema } from '../../contract/schemas';
import { SAMPLE_DATA, REAL_DATA, openApi } from '../test-support/real-api';

const results = z.array(z.strictObject(searchResultSchema.shape));

describe('search on the real data', () => {
  let api: Awaited<ReturnType<typeof openApi>>;
  beforeAll(async () => {
    api = await openApi(REAL_DATA);
  });

  it('finds a code exactly and case-insensitively, with score 1', async () => {
    const r = await api.get('/api/v0/academic-standards/search?statementCode=3.nf.a.1&limit=10');
    const found = results.parse(r.body);
    expect(found.length).toBe(2); // California and Common Core both have 3.NF.A.1
    expect(found.every((f) => f.statementCode === '3.NF.A.1' && f.score === 1)).toBe(true);
    expect(new Set(found.map((f) => f.jurisdiction))).toEqual(new Set(['California', 'Multi-State']));
  });

  it('does not prefix-match codes', async () => {
    const r = await api.get('/api/v0/academic-standards/search?statementCode=3.NF.A');
    expect(results.parse(r.body).map((f) => f.statementCode)).toEqual(['3.NF.A', '3.NF.A']);
  });

  it('narrows by jurisdiction and grade', async () => {
    const r = await api.get('/api/v0/academic-standards/search?statementCode=3.NF.A.1&jurisdiction=California&gradeLevel=3');
    expect(results.parse(r.body).map((f) => f.jurisdiction)).toEqual(['California']);
    const none = await api.get('/api/v0/academic-standards/search?statementCode=3.NF.A.1&gradeLevel=5');
    expect(none.body).toEqual([]);
  });

  it('ranks words with scores in [0,1], best first, default limit 5', async () => {
    const r = await api.get('/api/v0/academic-standards/search?query=unit%20fractions%20number%20line');
    const found = results.parse(r.body);
    expect(found).toHaveLength(5);
    const scores = found.map((f) => f.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores[0]).toBeLessThan(1);
    expect(found[0]!.description!.toLowerCase()).toContain('fraction');
  });

  it('treats FTS operators in the query as plain words', async () => {
    for (const q of ['fractions AND', 'NEAR(x y)', '"quote', 'a* OR -b', 'col:umn']) {
      const r = await api.get(`/api/v0/academic-standards/search?query=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
    }
  });

  it('respects the limit of 50 and the filters', async () => {
    const r = await api.get('/api/v0/academic-standards/search?query=equations&limit=50&gradeLevel=8&normalizedStatementType=Standard');
    const found = results.parse(r.body);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(50);
    for (const f of found) {
      const item = (await api.get(`/api/v0/academic-standards/${f.caseIdentifierUUID}`)).body;
      expect(item.gradeLevel).toContain('8');
      expect(item.normalizedStatementType).toBe('Standard');
    }
  });
});

describe('search on the sample (Spanish text and accents)', () => {
  it('matches words without their accents', async () => {
    const api = await openApi(SAMPLE_DATA);
    const r = await api.get('/api/v0/academic-standards/search?query=geometria');
    expect(results.parse(r.body).some((f) => f.description === 'Geometría')).toBe(true);
  });
});
