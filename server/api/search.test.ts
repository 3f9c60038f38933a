import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { searchResultSchema, standardsItemSchema } from '../../contract/schemas';
import { ensureDatabase } from '../import/database-cache';
import { queryWordsOf, wordQuery } from '../search/word-query';
import { StandardsStore } from '../store/standards-store';
import { CA_MATH, CC_MATH, SAMPLE_DATA, REAL_DATA, TEST_CACHE, openApi, readExport, walkPages } from '../test-support/real-api';

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

describe('a word too common to rank', () => {
  it('answers more hits than the rank limit in outline order, all alike; fewer are ranked', async () => {
    const { path } = await ensureDatabase(REAL_DATA, TEST_CACHE);
    const ranked = new StandardsStore(path);
    const bounded = new StandardsStore(path, 20);
    try {
      const search = (store: StandardsStore, text: string) => store.searchWords(wordQuery(queryWordsOf(text)), { gradeMask: 0 }, 50);
      const common = ranked.searchWords(wordQuery(['number']), { gradeMask: 0 }, 1000);
      expect(common.length).toBeGreaterThan(20); // so the bound of 20 is reached
      const broad = search(bounded, 'number');
      expect(broad.map((h) => h.seq)).toEqual(
        common
          .map((h) => h.seq!)
          .sort((a, b) => a - b)
          .slice(0, 50),
      );
      expect(new Set(broad.map((h) => h.score)).size).toBe(1);
      expect(new Set(search(ranked, 'number').map((h) => h.score)).size).toBeGreaterThan(1);
      // A rarer word stays ranked under the same bound: the best hit first.
      const rare = search(bounded, 'perimeter');
      expect(rare.length).toBeGreaterThan(1);
      expect(rare.length).toBeLessThan(20);
      expect(rare).toEqual(search(ranked, 'perimeter'));
      expect(rare[0]!.score).toBeGreaterThan(rare.at(-1)!.score);
    } finally {
      ranked.close();
      bounded.close();
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

describe('searching one framework (extension)', () => {
  let api: Awaited<ReturnType<typeof openApi>>;
  const items = z.object({ data: z.array(standardsItemSchema) });
  beforeAll(async () => {
    api = await openApi(REAL_DATA);
  });

  it('answers the items whose code starts with a prefix, the exact code first, then in outline order', async () => {
    const r = await api.get(`/api/v0/standards-frameworks/${CA_MATH}/search?statementCodePrefix=3.nf.a&limit=50`);
    const codes = items.parse(r.body).data.map((i) => i.statementCode);
    expect(codes[0]).toBe('3.NF.A');
    expect(codes).toEqual([
      '3.NF.A',
      '3.NF.A.1',
      '3.NF.A.2',
      '3.NF.A.2.a',
      '3.NF.A.2.b',
      '3.NF.A.3',
      '3.NF.A.3.a',
      '3.NF.A.3.b',
      '3.NF.A.3.c',
      '3.NF.A.3.d',
    ]);
    const every = readExport(REAL_DATA);
    const inFramework = new Set(every.descendants(CA_MATH));
    const expected = every.items.filter(
      (n) => inFramework.has(n.properties.caseIdentifierUUID!) && (n.properties.statementCode ?? '').toLowerCase().startsWith('3.nf.a'),
    );
    expect(codes).toHaveLength(expected.length);
  });

  it('ranks words inside the framework only, best match first, or the same results in outline order', async () => {
    const answer = z.object({ data: z.array(standardsItemSchema), matches: z.array(z.object({ score: z.number() })) });
    const r = await api.get(`/api/v0/standards-frameworks/${CA_MATH}/search?query=unit%20fractions&limit=50`);
    const { data: found, matches } = answer.parse(r.body);
    expect(found.length).toBeGreaterThan(3);
    expect(matches).toHaveLength(found.length);
    expect(new Set(found.map((i) => i.jurisdiction))).toEqual(new Set(['California']));
    // Best match first: the first holds both words, and scores never rise.
    expect(found[0]!.description).toMatch(/\bunit\b/i);
    expect(found[0]!.description).toMatch(/\bfractions?\b/i);
    const scores = matches.map((m) => m.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Outline order: the same results, as the framework lists them.
    const outline = answer.parse(
      (await api.get(`/api/v0/standards-frameworks/${CA_MATH}/search?query=unit%20fractions&limit=50&order=outline`)).body,
    );
    expect(new Set(outline.data.map((i) => i.caseIdentifierUUID))).toEqual(new Set(found.map((i) => i.caseIdentifierUUID)));
    const { ids: order } = await walkPages(
      api.get,
      `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=1000`,
    );
    const positions = outline.data.map((i) => order.indexOf(i.caseIdentifierUUID));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect((await api.get(`/api/v0/standards-frameworks/${CA_MATH}/search?query=unit&order=sideways`)).status).toBe(422);
  });

  it('reads "order of operations" as the standards write it: 5.OA.A.1 first in grade 5', async () => {
    for (const framework of [CC_MATH, CA_MATH]) {
      const r = await api.get(`/api/v0/standards-frameworks/${framework}/search?query=order%20of%20operations&gradeLevel=5&limit=5`);
      expect(items.parse(r.body).data[0]!.statementCode).toBe('5.OA.A.1');
    }
  });

  it('finds what teachers write for what the standards spell out, in both frameworks', async () => {
    // Abbreviations, classroom words and word forms the stemmer parts, each with a
    // standard a teacher means by it; none of these queries shares its key word with it.
    const cases: Array<[string, string[]]> = [
      ['multiplication facts', ['3.OA.C.7']],
      ['addition facts', ['2.OA.B.2', '1.OA.C.6']],
      ['adding decimals', ['5.NBT.B.7', '6.NS.B.3']],
      ['dividing decimals', ['5.NBT.B.7', '6.NS.B.3']],
      ['GCF and LCM', ['6.NS.B.4']],
      ['2D shapes', ['K.G.A.2', 'K.G.A.3', '1.G.A.1', '1.G.A.2', 'K.G.B.4', '2.G.A.1']],
      ['PEMDAS', ['6.EE.A.2.c', '5.OA.A.1']],
      ['trig ratios', ['HSG-SRT.C.6', 'HSG-SRT.C.8', 'HSG-SRT.C']],
      ['number bonds', ['K.OA.A.3', 'K.NBT.A.1']],
      ['subtraction with regrouping', ['2.NBT.B.7', '1.NBT.C.4', '2.NBT.B.5']],
      ['multi-digit multiplication', ['4.NBT.B.5', '5.NBT.B.5']],
      ['money', ['2.MD.C.8', '2.MD.C']],
      // Read through the everyday-math vocabulary (decision 022).
      ['times tables', ['3.OA.C.7']],
      ['times table practice', ['3.OA.C.7']],
      ['regrouping', ['2.NBT.B.7', '1.NBT.C.4', '2.NBT.B.5']],
      ['borrowing and carrying', ['2.NBT.B.7', '1.NBT.C.4', '2.NBT.B.5', '1.NBT.C.6']],
    ];
    for (const framework of [CC_MATH, CA_MATH])
      for (const [query, meant] of cases) {
        const r = await api.get(`/api/v0/standards-frameworks/${framework}/search?query=${encodeURIComponent(query)}&limit=5`);
        const codes = items.parse(r.body).data.map((i) => i.statementCode);
        expect(
          codes.filter((c) => meant.includes(c!)),
          `${query}: ${codes.join(', ')}`,
        ).not.toEqual([]);
      }
  });

  it('says what is wrong: no words, both or neither parameter, an unknown framework', async () => {
    expect((await api.get(`/api/v0/standards-frameworks/${CA_MATH}/search?query=...`)).status).toBe(400);
    expect((await api.get(`/api/v0/standards-frameworks/${CA_MATH}/search`)).status).toBe(400);
    expect((await api.get(`/api/v0/standards-frameworks/${CA_MATH}/search?query=a&statementCodePrefix=3`)).status).toBe(400);
    const missing = await api.get('/api/v0/standards-frameworks/00000000-0000-4000-8000-000000000000/search?query=fractions');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/No framework has the CASE UUID/);
  });

  it('drops words nearly every standard holds, and answers a query of only those in outline order', async () => {
    const withThe = await api.get('/api/v0/academic-standards/search?query=the%20fractions&limit=10');
    const without = await api.get('/api/v0/academic-standards/search?query=fractions&limit=10');
    expect(withThe.body).toEqual(without.body);
    const onlyCommon = results.parse((await api.get('/api/v0/academic-standards/search?query=the%20of&limit=10')).body);
    expect(onlyCommon).toHaveLength(10);
  });
});

describe('a framework’s outline in a few pages (extension)', () => {
  it('answers every item once, in the list’s order, each with its parents; compressed where asked', async () => {
    const api = await openApi(REAL_DATA);
    const outline: Array<{ caseIdentifierUUID: string; parentCaseIdentifierUUIDs: string[] }> = [];
    let cursor: string | null = null;
    do {
      const r = await api.get(
        `/api/v0/standards-frameworks/${CA_MATH}/outline?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(r.status).toBe(200);
      outline.push(...r.body.data);
      cursor = r.body.pagination.nextCursor;
    } while (cursor);
    const { ids, pages } = await walkPages(
      api.get,
      `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=1000`,
    );
    expect(outline.map((i) => i.caseIdentifierUUID)).toEqual(ids);
    const every = readExport(REAL_DATA);
    for (const item of outline.slice(0, 200)) {
      const parents = [...every.children].filter(([, kids]) => kids.includes(item.caseIdentifierUUID)).map(([p]) => p);
      expect(item.parentCaseIdentifierUUIDs.sort()).toEqual(parents.sort());
    }
    const { parentCaseIdentifierUUIDs, ...first } = outline[0]!;
    expect(parentCaseIdentifierUUIDs).toEqual([CA_MATH]);
    expect(first).toEqual(pages[0].data[0]);
    const compressed = await api.app.request(`/api/v0/standards-frameworks/${CA_MATH}/outline?limit=2000`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
  });
});
