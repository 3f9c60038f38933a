/**
 * The example bank's files over the real data: every coded Common Core Math standard
 * holds its examples, every California standard is reached (its own, or its identical
 * match's), every form in every grade band, no code named, each line's code and UUID the
 * standard's. How much the bank helps is measured in `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FORMS, MAX_BANK_EXAMPLE } from '../../contract/search/examples';
import { REAL_DATA } from '../config';
import { exampleBank } from './example-bank';

const lines = (f: string) =>
  readFileSync(join(REAL_DATA, f), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);
const nodes = lines('nodes.jsonl');
const items = nodes.filter((n) => n.labels[0] === 'StandardsFrameworkItem').map((n) => n.properties as Record<string, string>);
const caseOf = new Map(nodes.map((n) => [n.identifier as string, n.properties.caseIdentifierUUID as string]));
const isStandard = (i: Record<string, string>) => i.normalizedStatementType === 'Standard' && !!i.statementCode;
const commonCore = items.filter((i) => i.jurisdiction === 'Multi-State' && isStandard(i));
const california = items.filter((i) => i.jurisdiction === 'California' && isStandard(i));
const identical = new Map<string, string[]>();
for (const r of lines('relationships.jsonl'))
  if (r.label === 'hasStandardAlignment' && Number(r.properties.jaccard) >= 0.999) {
    const from = caseOf.get(r.source_identifier)!;
    identical.set(from, [...(identical.get(from) ?? []), caseOf.get(r.target_identifier)!]);
  }

const bank = exampleBank();
const band = (grade: string) => (grade === 'HS' ? 'HS' : grade === 'K' || Number(grade) <= 2 ? 'K-2' : Number(grade) <= 5 ? '3-5' : '6-8');

describe('the example bank', () => {
  it('has at least 8 examples for every coded Common Core Math standard, 4 for a lettered component', () => {
    const short = commonCore.filter((i) => bank.of(i.caseIdentifierUUID!).length < (/\.[a-z]$/.test(i.statementCode!) ? 4 : 8));
    expect(short.map((i) => `${i.statementCode}: ${bank.of(i.caseIdentifierUUID!).length}`)).toEqual([]);
    expect(commonCore.length).toBeGreaterThan(590);
  });

  it("reaches every California standard: through an identical match's examples, or its own", () => {
    // Standards of one code and text listed under several courses answer as one: any of them reaching the bank reaches all.
    const reached = new Set<string>();
    for (const i of california)
      if (bank.of(i.caseIdentifierUUID!).length || (identical.get(i.caseIdentifierUUID!) ?? []).some((o) => bank.of(o).length > 0))
        reached.add(`${i.statementCode} ${i.description}`);
    const missing = california.filter((i) => !reached.has(`${i.statementCode} ${i.description}`));
    expect(missing.map((i) => i.statementCode)).toEqual([]);
    const own = california.filter((i) => bank.of(i.caseIdentifierUUID!).length);
    expect(own.length).toBeGreaterThan(70);
    expect(own.filter((i) => bank.of(i.caseIdentifierUUID!).length < 8).map((i) => i.statementCode)).toEqual([]);
  });

  it('holds every form in every grade band', () => {
    const held = new Set(bank.examples.map((e) => `${band(e.grade)} ${e.form}`));
    for (const b of ['K-2', '3-5', '6-8', 'HS']) for (const form of EXAMPLE_FORMS) expect(held, `${b}: ${form}`).toContain(`${b} ${form}`);
  });

  it("names no standard's code, and each line's code and UUID are the standard's", () => {
    // Codes with letters ("3.OA.A.1", "HSA-CED.A.1", "MP4"); California's course codes ("4.2") read as numbers.
    const codes = new Set(items.flatMap((i) => (i.statementCode && /[A-Z]/.test(i.statementCode) ? [i.statementCode.toLowerCase()] : [])));
    const named = bank.examples.filter((e) => e.text.split(/[\s,;:()"“”]+/).some((w) => codes.has(w.replace(/[.?!]+$/, '').toLowerCase())));
    expect(named.map((e) => e.text)).toEqual([]);
    const byCase = new Map(items.map((i) => [i.caseIdentifierUUID!, i]));
    const wrong = bank.examples.filter((e) => byCase.get(e.uuid)?.statementCode !== e.code);
    expect(wrong.map((e) => `${e.code} ${e.uuid}`)).toEqual([]);
  });

  it('holds no text twice, each within 40–260 characters', () => {
    const texts = bank.examples.map((e) => e.text.toLowerCase());
    expect(texts.length - new Set(texts).size).toBe(0);
    expect(bank.examples.filter((e) => e.text.length < 40 || e.text.length > MAX_BANK_EXAMPLE).map((e) => e.text)).toEqual([]);
  });
});
