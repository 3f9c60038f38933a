/**
 * The alignment extension (POST …/align) over the real data: what it answers, how it
 * refuses bad bodies, and the rules it shares with the other operations (keys, CORS,
 * no HTTP caching of a POST). Its ranking's quality is measured in `npm run bench`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import tasks from '../../bench/data/alignment-tasks.json';
import probes from '../../bench/data/everyday-probes.json';
import { CA_MATH, CC_MATH, DEFAULT_DATA, openApi } from '../test-support/real-api';

const alignment = z.array(
  z.strictObject({
    caseIdentifierUUID: z.string(),
    statementCode: z.nullable(z.string()),
    description: z.nullable(z.string()),
    jurisdiction: z.nullable(z.string()),
    author: z.nullable(z.string()),
    provider: z.nullable(z.string()),
    license: z.nullable(z.string()),
    attributionStatement: z.string(),
    gradeLevel: z.nullable(z.array(z.string())),
    score: z.number(),
    matchedTerms: z.array(z.string()),
    matchedSkills: z.array(z.strictObject({ identifier: z.string(), description: z.string(), through: z.optional(z.string()) })),
    recognised: z.array(z.strictObject({ concept: z.string(), evidence: z.array(z.string()), words: z.array(z.string()) })),
    likeExample: z.optional(z.strictObject({ text: z.string(), own: z.boolean() })),
  }),
);

let api: Awaited<ReturnType<typeof openApi>>;
beforeAll(async () => {
  api = await openApi(DEFAULT_DATA);
});

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const r = await api.app.request(`/api/v0${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: JSON.parse(text) };
};
const inFramework = (fw: string, body: unknown) => post(`/standards-frameworks/${fw}/align`, body);

describe('POST /standards-frameworks/{uuid}/align', () => {
  it('answers summaries with grades, best first, with the words and skills shared', async () => {
    const task = tasks.find((t) => t.want[0] === '1.MD.B.3')!;
    const r = await inFramework(CA_MATH, { text: task.text });
    expect(r.status).toBe(200);
    const found = alignment.parse(r.body);
    expect(found).toHaveLength(10); // the default limit
    expect(found[0]!.statementCode).toBe('1.MD.B.3');
    expect(found[0]!.score).toBe(1);
    expect(found.map((f) => f.score)).toEqual([...found.map((f) => f.score)].sort((a, b) => b - a));
    expect(found[0]!.gradeLevel).toEqual(['1']);
    expect(found[0]!.matchedTerms).toEqual(expect.arrayContaining(['clock', 'analog', 'digital']));
    // California's standards have skills: the ones sharing the text's words are named.
    expect(found[0]!.matchedSkills.length).toBeGreaterThan(0);
    expect(found[0]!.matchedSkills.some((s) => /clock/i.test(s.description))).toBe(true);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('reads the whole text: a word past the first 32 still counts', async () => {
    const filler = 'Sam and Lee walked to the park on a sunny day with their dog and a red kite. '.repeat(6);
    const r = await inFramework(CC_MATH, { text: `${filler} Find all factor pairs of 36, and say whether 36 is prime or composite.` });
    expect(alignment.parse(r.body)[0]!.statementCode).toBe('4.OA.B.4');
  });

  it('narrows by grade and takes a limit', async () => {
    const text = 'Write an equation with a letter for the unknown number, and solve it.';
    const r = await inFramework(CC_MATH, { text, gradeLevel: ['6'], limit: 3 });
    const found = alignment.parse(r.body);
    expect(found).toHaveLength(3);
    expect(found.every((f) => f.gradeLevel?.includes('6'))).toBe(true);
  });

  it('answers standards only (no headings), one per code and text', async () => {
    const r = await inFramework(CA_MATH, { text: 'quadratic functions and their graphs, vertex form, zeros of the function', limit: 50 });
    const found = alignment.parse(r.body);
    const codes = found.map((f) => `${f.statementCode} ${f.description}`);
    expect(new Set(codes).size).toBe(codes.length);
    const items = await Promise.all(found.map((f) => api.get(`/api/v0/academic-standards/${f.caseIdentifierUUID}`)));
    expect(items.every((i) => i.body.normalizedStatementType !== 'Standard Grouping')).toBe(true);
  });

  it('answers an empty list for a text sharing no word with any standard', async () => {
    const r = await inFramework(CC_MATH, { text: 'zzyzx qwv' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it('answers 404 for an unknown framework and 400 for a malformed UUID', async () => {
    expect((await inFramework('00000000-0000-4000-8000-000000000000', { text: 'fractions' })).status).toBe(404);
    expect((await inFramework('not-a-uuid', { text: 'fractions' })).status).toBe(400);
  });
});

describe('texts in everyday words: the mathematics recognised, not only the words', () => {
  // Each text names none of its standard's words; a class of cases, both real frameworks.
  const cases: Array<[string, string]> = [
    ['A ladder 13 feet long leans against a wall, its foot 5 feet from the wall. How high up the wall does it reach?', '8.G.B.7'],
    ['A jacket costs $80. It is on sale for 25% off, then 8% sales tax is added. What do you pay?', '7.RP.A.3'],
    ['3 red apples and 2 green apples, how many apples?', 'K.OA.A.2'],
    ['A rectangular garden is 8 meters long and 5 meters wide. How much fencing goes all the way around it?', '3.MD.D.8'],
    ['Sam has 24 stickers and shares them equally among 4 friends. How many does each friend get?', '3.OA.A.2'],
    ['A bakery sells a 6-pack of rolls for $4.50 and a 10-pack for $7.00. Which is the better buy?', '6.RP.A.3.b'],
  ];
  it.each(cases)('"%s" finds %s in the first five, and says why', async (text, code) => {
    for (const fw of [CC_MATH, CA_MATH]) {
      const found = alignment.parse((await inFramework(fw, { text, limit: 5 })).body);
      const hit = found.find((f) => f.statementCode === code);
      expect(hit, `${code} in ${fw}: ${found.map((f) => f.statementCode).join(' ')}`).toBeDefined();
      expect(hit!.recognised.length + hit!.matchedTerms.length).toBeGreaterThan(0);
    }
  });

  it('names the concept recognised, with the text’s own words, and marks the standard’s whole words only', async () => {
    const found = alignment.parse((await inFramework(CC_MATH, { text: cases[0]![0], limit: 5 })).body);
    const hit = found.find((f) => f.statementCode === '8.G.B.7')!;
    expect(hit.recognised[0]).toMatchObject({ concept: 'right triangles (Pythagorean theorem)' });
    expect(hit.recognised[0]!.evidence).toContain('ladder');
    expect(hit.recognised[0]!.words).toEqual(expect.arrayContaining(['pythagorean', 'theorem']));
    // Bare numbers and units are never reasons.
    for (const f of found) for (const w of f.matchedTerms) expect(w).not.toMatch(/^\d+$|^(feet|foot)$/);
  });

  it('finds the standard in the first five for most of the project’s own everyday texts (70, K to high school)', async () => {
    const missed: string[] = [];
    for (const t of probes.tasks) {
      const found = alignment.parse((await inFramework(CC_MATH, { text: t.text, limit: 5 })).body);
      if (!found.some((f) => t.want.includes(f.statementCode ?? ''))) missed.push(`${t.want[0]}: ${t.text}`);
    }
    // 8 of 70 missed when written down (decision 022); a ranking change that loses more fails here.
    expect(missed.length, missed.join('\n')).toBeLessThanOrEqual(10);
  });

  it('never suggests a heading, typed or not ("Standards for Math Content")', async () => {
    for (const text of ['Standards for Math Content', 'Standards for Mathematical Practice: High School', 'Higher Mathematics Courses']) {
      const found = alignment.parse((await inFramework(CC_MATH, { text, limit: 20 })).body);
      const items = await Promise.all(found.map((f) => api.get(`/api/v0/academic-standards/${f.caseIdentifierUUID}`)));
      for (const i of items) expect(i.body.normalizedStatementType, i.body.description).toBe('Standard');
    }
  });
});

describe('POST /academic-standards/align (a jurisdiction)', () => {
  it("ranks the jurisdiction's frameworks", async () => {
    const task = tasks.find((t) => t.want[0] === '8.SP.A.2')!;
    const r = await post('/academic-standards/align', { text: task.text, jurisdiction: 'California', limit: 5 });
    const found = alignment.parse(r.body);
    expect(found.every((f) => f.jurisdiction === 'California')).toBe(true);
    expect(found.map((f) => f.statementCode)).toContain('8.SP.A.2');
  });

  it('needs the jurisdiction', async () => {
    const r = await post('/academic-standards/align', { text: 'fractions' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/"jurisdiction" is required/);
  });
});

describe('bad bodies get 400 (422 for a value outside a list) with a message naming the limit', () => {
  it.each([
    ['empty', ''],
    ['not JSON', 'text=fractions'],
    ['a JSON array', '[1, 2]'],
    ['null', 'null'],
    ['no text', { gradeLevel: ['3'] }],
    ['text not a string', { text: 42 }],
    ['text without words', { text: '  ?!  ' }],
    ['text too long', { text: 'a'.repeat(10_001) }],
    ['limit 0', { text: 'fractions', limit: 0 }],
    ['limit 51', { text: 'fractions', limit: 51 }],
    ['limit not whole', { text: 'fractions', limit: 2.5 }],
    ['grades not a list', { text: 'fractions', gradeLevel: '3' }],
    ['an unknown field', { text: 'fractions', query: 'x' }],
  ])('%s', async (_name, body) => {
    const r = await inFramework(CC_MATH, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ValidationError');
    expect(r.body.message).not.toMatch(/at .*\.ts|Error:/);
  });

  it('says the limit when the text is too long', async () => {
    const r = await inFramework(CC_MATH, { text: 'b'.repeat(12_000) });
    expect(r.body.message).toMatch(/12,000 characters; at most 10,000/);
  });

  it('refuses a huge body without reading it all', async () => {
    const r = await post(`/standards-frameworks/${CC_MATH}/align`, `{"text": "${'x'.repeat(2_000_000)}"}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/at most 10,000 characters/);
  });

  it('refuses a body that is not UTF-8', async () => {
    const r = await api.app.request(`/api/v0/standards-frameworks/${CC_MATH}/align`, {
      method: 'POST',
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(r.status).toBe(400);
  });

  it('422 for a grade outside the list, naming the list', async () => {
    const r = await inFramework(CC_MATH, { text: 'fractions', gradeLevel: ['13'] });
    expect(r.status).toBe(422);
    expect(r.body.details.allowed).toContain('K');
  });
});

describe('the example bank: suggestions learnt from classroom examples', () => {
  it('says which example of a suggestion is nearest ("like: …"), in both real frameworks (California through identical matches)', async () => {
    const text = 'The art room has 6 tables with 4 kids at each table. How many kids are in the art room?';
    for (const fw of [CC_MATH, CA_MATH]) {
      const found = alignment.parse((await inFramework(fw, { text, limit: 5 })).body);
      const liked = found.filter((f) => f.likeExample);
      expect(liked.length, fw).toBeGreaterThan(0);
      expect(liked.every((f) => f.likeExample!.own === false && f.likeExample!.text.length >= 40)).toBe(true);
    }
  });

  it("ranks with a teacher's own examples sent with the text, and says so", async () => {
    const text = 'Zorbly the robot builds towers of cubes: three zorbly towers of five cubes each.';
    const wanted = (await api.get(`/api/v0/standards-frameworks/${CC_MATH}/search?statementCodePrefix=K.CC.B.5&limit=1`)).body.data[0] as {
      caseIdentifierUUID: string;
    };
    const before = alignment.parse((await inFramework(CC_MATH, { text, limit: 10 })).body);
    const own = { standard: wanted.caseIdentifierUUID, text: 'Zorbly the robot counts cube towers one by one and tells how many cubes.' };
    const after = alignment.parse((await inFramework(CC_MATH, { text, limit: 10, examples: [own] })).body);
    expect(after[0]!.statementCode).toBe('K.CC.B.5');
    expect(after[0]!.likeExample).toEqual({ text: own.text, own: true });
    expect(before[0]!.statementCode).not.toBe('K.CC.B.5');
    // An example of a standard outside the framework (or unknown) changes nothing.
    const elsewhere = { standard: '00000000-0000-4000-8000-000000000000', text: own.text };
    expect(alignment.parse((await inFramework(CC_MATH, { text, limit: 10, examples: [elsewhere] })).body)).toEqual(before);
  });

  it.each([
    ['not a list', { standard: 'x' }],
    ['an example without a standard', [{ text: 'a text' }]],
    ['a standard that is not a UUID', [{ standard: 'K.CC.B.5', text: 'a text' }]],
    ['an unknown field', [{ standard: '00000000-0000-4000-8000-000000000000', text: 'a', note: 'x' }]],
    ['an example too long', [{ standard: '00000000-0000-4000-8000-000000000000', text: 'a'.repeat(1001) }]],
    ['too many', Array.from({ length: 101 }, () => ({ standard: '00000000-0000-4000-8000-000000000000', text: 'a' }))],
  ])('refuses %s with a message naming the shape', async (_name, examples) => {
    const r = await inFramework(CC_MATH, { text: 'fractions', examples });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/"examples" must be a list of at most 100 objects/);
  });
});

describe('hostile texts: a clear message or ranked standards, never an error page', () => {
  it('100,000 characters: the limit, in words', async () => {
    const r = await inFramework(CC_MATH, { text: 'seven '.repeat(16_667) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/100,002 characters; at most 10,000/);
  });

  it.each([
    ['script tags', '<script>alert(1)</script><img src=x onerror=alert(2)> Share 12 cookies equally among 3 friends.'],
    ['right-to-left text', 'يوزع المعلم ١٢ قلما بالتساوي على ٣ طلاب. How many pencils does each student get? שלום'],
    ['binary and control characters', `\u0000\u0001\u0002 share 12 cookies equally \uFFFD\uD83D\uDE00 among 3 friends \u0007`],
  ])('%s', async (_name, text) => {
    const r = await inFramework(CC_MATH, { text });
    expect(r.status).toBe(200);
    const found = alignment.parse(r.body);
    expect(found.length).toBeGreaterThan(0);
    expect(JSON.stringify(found)).not.toMatch(/<script|onerror/);
  });
});

describe('the rules of the other operations', () => {
  it('keys: refused without the key, answered with it', async () => {
    const keyed = await openApi(DEFAULT_DATA, { apiKeys: ['k1'] });
    const send = (headers: Record<string, string>) =>
      keyed.app.request(`/api/v0/standards-frameworks/${CC_MATH}/align`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ text: 'fractions on a number line' }),
      });
    expect((await send({})).status).toBe(401);
    expect((await send({ 'x-api-key': 'k1' })).status).toBe(200);
  });

  it('CORS: the preflight allows POST with a JSON body', async () => {
    const r = await api.app.request(`/api/v0/standards-frameworks/${CC_MATH}/align`, {
      method: 'OPTIONS',
      headers: { origin: 'https://lms.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
    expect(r.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('POST anywhere else is still 405', async () => {
    const r = await api.app.request(`/api/v0/standards-frameworks/${CC_MATH}/search`, { method: 'POST' });
    expect(r.status).toBe(405);
  });

  it('a repeated text is answered from the answer cache, the same', async () => {
    const body = { text: 'Plot the points on a scatter plot and draw a line of best fit.' };
    const first = await inFramework(CC_MATH, body);
    const again = await inFramework(CC_MATH, body);
    expect(again.body).toEqual(first.body);
    expect(first.body.slice(0, 3).map((f: { statementCode: string }) => f.statementCode)).toContain('8.SP.A.2');
  });
});
