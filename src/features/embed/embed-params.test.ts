import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../lib/search-params';
import { embedParamProblems, embedParamsSchema, preselectedIds } from './embed-params';
import { setLink } from '../../lib/set-link';
import { incomingMessageSchema } from './embed-protocol';

const FW = 'c6487102-d7cb-11e8-824f-0242ac160002';

describe('embed URL params', () => {
  it('keeps exact origins only, never widening to "*"', () => {
    const raw = parseSearch(
      `?framework=${FW}&origin=https://lms.example.edu,*,https://x.org/path,javascript:alert(1),http://localhost:3000`,
    );
    expect(embedParamsSchema.parse(raw).origin).toEqual(['https://lms.example.edu', 'http://localhost:3000']);
    expect(embedParamProblems(raw)).toEqual(['host origin']);
  });
  it('validates mode, keeps preselected ids as given, and re-validates its own output', () => {
    const raw = parseSearch(`?framework=${FW.toUpperCase()}&mode=multiple&selected=${FW},nope`);
    const once = embedParamsSchema.parse(raw);
    // The ids are read strictly by the preselection, which says what is wrong with them.
    expect(once).toMatchObject({ framework: FW, mode: 'multiple', selected: [FW, 'nope'] });
    expect(embedParamsSchema.parse(once)).toEqual(once); // the router validates parsed search again
    expect(embedParamsSchema.parse({ mode: 'many' }).mode).toBeUndefined();
    expect(embedParamProblems({ mode: 'many', framework: 'x' })).toEqual(['framework', 'selection mode']);
  });
  it('preselects a set link’s standards after `selected`, from `set=` or the fragment', async () => {
    const A = '5ebef26f-d7cc-11e8-824f-0242ac160002';
    const B = '6b9bf846-d7cc-11e8-824f-0242ac160002';
    const link = setLink('https://standards.example.org', { name: 'Unit', note: '', ids: [B, A] });
    const raw = parseSearch(`?framework=${FW}&selected=${A}&set=${encodeURIComponent(link)}`);
    const params = embedParamsSchema.parse(raw);
    expect(embedParamsSchema.parse(params)).toEqual(params); // kept as given: the URL round-trips it
    expect(await preselectedIds(params, '')).toEqual({ ids: [A, B] });
    expect(await preselectedIds({}, new URL(link).hash)).toEqual({ ids: [B, A] });
  });
  it('reads the preselection strictly: one bad id, link or count preselects nothing and says why', async () => {
    const A = '5ebef26f-d7cc-11e8-824f-0242ac160002';
    const refused = async (params: Parameters<typeof preselectedIds>[0], fragment = '') => {
      const got = await preselectedIds(params, fragment);
      expect(got).not.toHaveProperty('ids');
      return (got as { problem: string }).problem;
    };
    expect(await refused({ selected: [A, 'nope'] })).toBe(
      'Nothing was preselected: selected=, item 2: the id (“nope”) does not hold a CASE UUID: a CASE UUID is 32 hex digits in groups of 8-4-4-4-12.',
    );
    expect(await refused({ selected: [`${A}7`] })).toMatch(/item 1: .*its last group has 13 hex digits, not 12/);
    expect(await refused({ selected: [A, A.toUpperCase()] })).toMatch(/item 2: .* is listed again \(first at selected=, item 1\)/);
    expect(await refused({ set: 'AAAA' })).toMatch(/^Nothing was preselected: the set link in set= cannot be read\./);
    expect(await refused({}, '#set=%3Cscript%3E')).toMatch(/the set link in the address’s #set= cannot be read\. This is not a set link/);
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(await refused({ selected: many })).toMatch(/names 101 standards; the picker preselects at most 100/);
    expect(await refused({ set: 'x'.repeat(70_000) })).toMatch(
      /the set link in set= cannot be read\. The link is too long to be a set link\./,
    );
    // A `set=` that is not a set link is no longer dropped silently as an invalid parameter: the preselection names it.
    expect(embedParamProblems({ set: '<script>alert(1)</script>' })).toEqual([]);
  });
});

describe('host messages', () => {
  const base = { protocol: 'standards-explorer', version: 1 };
  it('accepts the three message types', () => {
    expect(incomingMessageSchema.safeParse({ ...base, type: 'setSelection', ids: [FW] }).success).toBe(true);
    expect(incomingMessageSchema.safeParse({ ...base, type: 'setFilters', grades: ['K', '3'], subject: null, view: 'list' }).success).toBe(
      true,
    );
    expect(incomingMessageSchema.safeParse({ ...base, type: 'requestSelection' }).success).toBe(true);
  });
  it.each([
    ['a string', 'setSelection'],
    ['no protocol', { type: 'requestSelection', version: 1 }],
    ['another version', { ...base, version: 2, type: 'requestSelection' }],
    ['an unknown type', { ...base, type: 'eval', code: '1' }],
    ['ids that are not UUIDs', { ...base, type: 'setSelection', ids: ['../x'] }],
    ['too many ids', { ...base, type: 'setSelection', ids: Array(101).fill(FW) }],
    ['a bad grade', { ...base, type: 'setFilters', grades: ['13'] }],
  ])('rejects %s', (_name, message) => {
    expect(incomingMessageSchema.safeParse(message).success).toBe(false);
  });
});
