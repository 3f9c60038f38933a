/**
 * The set a link carries: round trips, the longest set within the link budget, and every
 * way a hostile or damaged fragment can be wrong, each ending in a SetLinkError.
 */
import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeSet,
  encodeSet,
  LINK_BUDGET,
  linkLengthBound,
  MAX_LINK_STANDARDS,
  setLink,
  SetLinkError,
  setValueOf,
  type SharedSet,
} from './set-link';
import { cleanName, cleanNote } from './set-name';

const ORIGIN = 'https://standards.example.org';
const realIds = readFileSync(join(import.meta.dirname, '../../data/learning-commons/nodes.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { labels: string[]; properties: { caseIdentifierUUID: string; jurisdiction: string } })
  .filter((n) => n.labels[0] === 'StandardsFrameworkItem' && n.properties.jurisdiction === 'California')
  .map((n) => n.properties.caseIdentifierUUID);

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
/** A fragment value made by hand: format byte, header length, header, then raw bytes. */
function crafted(
  header: string | Uint8Array,
  body: Uint8Array = new Uint8Array(),
  { format = 1, claimed }: { format?: number; claimed?: number[] } = {},
) {
  const h = typeof header === 'string' ? new TextEncoder().encode(header) : header;
  const length = claimed ?? [h.length];
  return b64url(deflateSync(new Uint8Array([format, ...length, ...h, ...body])));
}
const fails = (value: string, message: RegExp) => {
  expect(() => decodeSet(value)).toThrow(SetLinkError);
  expect(() => decodeSet(value)).toThrow(message);
};

/** The most standards whose link stays within the budget. */
function longestWithin(budget: number, ids: string[]) {
  let lo = 0;
  let hi = Math.min(ids.length, MAX_LINK_STANDARDS);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const link = setLink(ORIGIN, { name: 'Grade 3 fractions unit', note: '', ids: ids.slice(0, mid), setId: randomUUID() });
    if (link.length <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

describe('a set in a link', () => {
  it('round-trips name, note, set id and ids in order, and the fragment never reaches a server', () => {
    const set = {
      name: 'Grade 3 fractions unit',
      note: 'Week 1–3\nwith “quotes”',
      setId: randomUUID(),
      frameworks: [
        { caseIdentifierUUID: 'c6487102-d7cb-11e8-824f-0242ac160002', name: 'California Common Core State Standards - Mathematics' },
      ],
      ids: realIds.slice(0, 25),
    };
    const link = setLink(ORIGIN, set);
    const url = new URL(link);
    expect(url.pathname).toBe('/shared');
    expect(url.search).toBe('');
    expect(url.hash.startsWith('#set=')).toBe(true);
    expect(decodeSet(setValueOf(link)!)).toEqual(set);
    // Upper-case ids come back lower case; the writer puts each once.
    expect(decodeSet(encodeSet({ name: 'x', note: '', ids: [realIds[0]!.toUpperCase(), realIds[0]!] })).ids).toEqual([realIds[0]]);
    // A note keeps its lines and tabs, never other control characters.
    expect(decodeSet(encodeSet({ name: 'x', note: 'a\tb\nc\u0007d', ids: [] })).note).toBe('a\tb\ncd');
  });

  it(`carries at least 300 standards within ${LINK_BUDGET} characters, random UUIDs or the data's own`, () => {
    const random = Array.from({ length: 1000 }, () => randomUUID());
    const worst = longestWithin(LINK_BUDGET, random);
    const real = longestWithin(LINK_BUDGET, realIds);
    // The data's order is not the only one a designer keeps: the fewest that fit over shuffles.
    const shuffledWorst = Math.min(
      ...Array.from({ length: 5 }, () =>
        longestWithin(
          LINK_BUDGET,
          [...realIds].sort(() => Math.random() - 0.5),
        ),
      ),
    );
    console.info(
      `longest set in a ${LINK_BUDGET}-character link: ${worst} random (v4) UUIDs, ${real} California Math standards in the data's order, ${shuffledWorst} shuffled (worst of 5)`,
    );
    expect(shuffledWorst).toBeGreaterThanOrEqual(worst);
    expect(worst).toBeGreaterThanOrEqual(300);
    expect(real).toBeGreaterThanOrEqual(worst);
  });

  it('shows a name with markup as the text it is (one line, bounded)', () => {
    const set = decodeSet(encodeSet({ name: '<img src=x onerror=alert(1)>\n<script>alert(1)</script>', note: '', ids: [] }));
    expect(set.name).toBe('<img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(decodeSet(encodeSet({ name: 'x'.repeat(5000), note: 'y'.repeat(5000), ids: [] }))).toMatchObject({
      name: 'x'.repeat(120),
      note: 'y'.repeat(1000),
    });
  });

  it('keeps foreign ids as they are: the view names the ones the data lacks', () => {
    const foreign = '00000000-0000-4000-8000-000000000000';
    expect(decodeSet(encodeSet({ name: 'Mixed', note: '', ids: [realIds[0]!, foreign] })).ids).toEqual([realIds[0], foreign]);
  });

  it('refuses every damaged or hostile fragment with a reason', () => {
    const good = encodeSet({ name: 'Unit', note: '', ids: realIds.slice(0, 40) });
    fails('', /holds no set/);
    fails('not base64!', /never has/);
    fails('x'.repeat(70_000), /too long/);
    fails(good.slice(0, Math.floor(good.length / 2)), /cut short or damaged/);
    fails(b64url(new TextEncoder().encode('plain text, not deflate')), /cut short or damaged|not a set|newer version/);
    fails(crafted('{"n":"x"}', new Uint8Array(), { format: 9 }), /newer version/);
    fails(crafted('{"n":"x"}', new Uint8Array(), { claimed: [0xff, 0xff, 0xff, 0x7f] }), /cut short or damaged/);
    fails(crafted('{"n":"x"}', new Uint8Array(), { claimed: [0xff, 0xff, 0xff, 0xff, 0xff] }), /cut short or damaged/);
    fails(crafted('not json'), /name cannot be read/);
    fails(crafted(new Uint8Array([0xc3, 0x28])), /name cannot be read/);
    fails(crafted('{"ids":[]}'), /names no set/);
    fails(crafted('["n"]'), /names no set/);
    fails(crafted('{"n":"x"}', new Uint8Array(17)), /last standard is incomplete/);
    fails(crafted('{"n":"x"}', new Uint8Array(16 * (MAX_LINK_STANDARDS + 1))), /more than the/);
    // A standard named twice, or frameworks that are not [id, name] pairs: made by hand, or damaged.
    const id = Buffer.from(realIds[0]!.replace(/-/g, ''), 'hex');
    fails(crafted('{"n":"x"}', new Uint8Array([...id, ...id])), /names standard .* twice \(as number 1 and 2\)/);
    fails(crafted('{"n":"x","f":["not-a-pair"]}'), /frameworks it names cannot be read/);
    // A small link that inflates to megabytes is stopped, not expanded.
    fails(b64url(deflateSync(new Uint8Array(5_000_000))), /more than a set link can/);
  });

  it('finds the set in a whole link, a fragment or a bare value', () => {
    expect(setValueOf('https://a.example/shared#set=abc')).toBe('abc');
    expect(setValueOf('#set=abc')).toBe('abc');
    expect(setValueOf('set=abc')).toBe('abc');
    expect(setValueOf('#other=1')).toBeNull();
  });

  it(`refuses to make a link for more than ${MAX_LINK_STANDARDS} standards`, () => {
    const ids = Array.from({ length: MAX_LINK_STANDARDS + 1 }, () => randomUUID());
    expect(() => encodeSet({ name: 'Big', note: '', ids })).toThrow(/Share it as a file/);
  });

  /*
   * The README's guarantee, for any order and any ids: a set of up to 300 standards, from
   * up to 2 frameworks, whose name and note hold 160 characters or fewer together, gives
   * a link of at most LINK_BUDGET characters on an address of up to 60 characters.
   */
  it(`any set of up to 300 standards, in any order, survives the link whole and keeps within ${LINK_BUDGET} characters`, () => {
    const origin = 'https://standards-explorer.district-example.k12.ca.us'.padEnd(60, 'x').slice(0, 60);
    const frameworkName = fc.string({ unit: 'grapheme', maxLength: 80 });
    const ids = fc.uniqueArray(fc.oneof(fc.constantFrom(...realIds), fc.uuid({ version: [1, 4] })), {
      maxLength: 300,
      selector: (id) => id.toLowerCase(),
    });
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 160 }), fc.string({ unit: 'binary', maxLength: 160 }));
    fc.assert(
      fc.property(
        ids,
        text,
        text,
        fc.uniqueArray(fc.record({ caseIdentifierUUID: fc.uuid(), name: frameworkName }), {
          maxLength: 2,
          selector: (f) => f.caseIdentifierUUID,
        }),
        fc.uuid(),
        (ids, nameText, noteText, frameworks, setId) => {
          const name = nameText.slice(0, Math.max(0, 160 - noteText.length)) || 'Unit';
          const note = noteText.slice(0, 160 - name.length);
          const set: SharedSet = { name, note, ids, frameworks, setId };
          const link = setLink(origin, set);
          const back = decodeSet(setValueOf(link)!);
          expect(back.ids).toEqual(ids.map((id) => id.toLowerCase()));
          expect(back.name).toBe(cleanName(name) || 'Shared set');
          expect(back.note).toBe(cleanNote(note));
          expect(back.setId).toBe(setId.toLowerCase());
          expect(setValueOf(link)!.length).toBeLessThanOrEqual(linkLengthBound(set));
          expect(link.length).toBeLessThanOrEqual(LINK_BUDGET);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds the guarantee in its worst case: random ids, the widest characters, the longest framework names', () => {
    const wide = '\u4e2d'; // three bytes in UTF-8, one character: the most a cleaned name or note spends per character
    const worst: SharedSet = {
      name: wide.repeat(120),
      note: wide.repeat(40),
      setId: randomUUID(),
      frameworks: [0, 1].map(() => ({ caseIdentifierUUID: randomUUID(), name: wide.repeat(80) })),
      ids: Array.from({ length: 300 }, () => randomUUID()),
    };
    const address = 60 + '/shared#set='.length;
    expect(address + linkLengthBound(worst)).toBeLessThanOrEqual(LINK_BUDGET);
    expect(setLink('x'.repeat(60), worst).length).toBeLessThanOrEqual(LINK_BUDGET);
  });

  it('states how long a link can be for any order: the bound holds for the worst ids, and shuffling the data never passes it', () => {
    const random = Array.from({ length: 368 }, () => randomUUID());
    const set = { name: 'Grade 3 fractions unit', note: '', ids: random };
    expect(encodeSet(set).length).toBeLessThanOrEqual(linkLengthBound(set));
    const shuffled = [...realIds].sort(() => Math.random() - 0.5).slice(0, 600);
    const real = { name: 'x', note: '', ids: shuffled };
    expect(encodeSet(real).length).toBeLessThanOrEqual(linkLengthBound(real));
  });
});
