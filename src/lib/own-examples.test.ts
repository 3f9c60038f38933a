/**
 * A teacher's own examples on a device: kept once, removed, read by framework for an
 * alignment, and carried by the examples file, which is read strictly.
 */
import { describe, expect, it } from 'vitest';
import { MAX_EXAMPLE_TEXT } from '../../contract/search/examples';
import { MAX_KEPT, ownExamples } from './own-examples';

const CA = { caseIdentifierUUID: 'c6487102-d7cb-11e8-824f-0242ac160002', name: 'California Math' };
const CC = { caseIdentifierUUID: 'c6496676-d7cb-11e8-824f-0242ac160002', name: 'Common Core Math' };
const STANDARD = '5ec0f3b6-d7cc-11e8-824f-0242ac160002';
const OTHER = '6b9bf846-d7cc-11e8-824f-0242ac160002';
const keep = (text: string, framework = CA, standard = STANDARD) =>
  ownExamples.keep({ standard, code: '3.NF.A.1', description: 'Understand a fraction 1/b…', framework, text });

describe("a teacher's own examples", () => {
  it('keeps a text once per standard, newest first, trimmed and cut to the longest kept', () => {
    keep('  Cut the pizza into 4 equal slices; one slice is what part?  ');
    keep('Cut the pizza into 4 equal slices; one slice is what part?');
    keep('x'.repeat(MAX_EXAMPLE_TEXT + 50), CC, OTHER);
    const all = ownExamples.all();
    expect(all).toHaveLength(2);
    expect(all[0]!.text).toHaveLength(MAX_EXAMPLE_TEXT);
    expect(all[1]!.text).toBe('Cut the pizza into 4 equal slices; one slice is what part?');
    expect(ownExamples.has(STANDARD, 'Cut the pizza into 4 equal slices; one slice is what part?  ')).toBe(true);
  });

  it("gives an alignment only its framework's examples, as a standard and a text", () => {
    expect(ownExamples.forFramework(CA.caseIdentifierUUID)).toEqual([
      { standard: STANDARD, text: 'Cut the pizza into 4 equal slices; one slice is what part?' },
    ]);
    expect(ownExamples.forFramework('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('exports a file another device imports; what it already has is kept once', () => {
    const file = ownExamples.file();
    expect(JSON.parse(file)).toMatchObject({ format: 'standards-explorer-examples', version: 1 });
    expect(ownExamples.importFile(file)).toEqual({ added: 0, already: 2, full: 0 });
    for (const e of ownExamples.all()) ownExamples.remove(e.id);
    expect(ownExamples.all()).toEqual([]);
    expect(ownExamples.importFile(file)).toEqual({ added: 2, already: 0, full: 0 });
    expect(ownExamples.all().map((e) => e.framework.name)).toEqual(['Common Core Math', 'California Math']);
  });

  it('refuses a file that is not one, or holds a malformed example, whole, saying why', () => {
    const before = ownExamples.all();
    expect(() => ownExamples.importFile('not json')).toThrow(/not an examples file of Standards Explorer \(it is not JSON\)/);
    expect(() => ownExamples.importFile('{"format":"standards-explorer-set","version":1}')).toThrow(/Choose a file exported from Settings/);
    const bad = JSON.parse(ownExamples.file());
    bad.examples.push({ ...bad.examples[0], id: 'new', standard: 'not-a-uuid', text: 'another text' });
    expect(() => ownExamples.importFile(JSON.stringify(bad))).toThrow(/has an example that cannot be read.*Nothing was imported/);
    const script = JSON.parse(ownExamples.file());
    script.examples[0].text = '';
    expect(() => ownExamples.importFile(JSON.stringify(script))).toThrow(/cannot be read/);
    expect(ownExamples.all()).toEqual(before);
  });

  it('keeps at most MAX_KEPT: the oldest make room for a new one; a file fills only the room left', () => {
    for (let i = 0; i < MAX_KEPT + 5; i++) keep(`Example number ${i} about fractions of a pizza`);
    expect(ownExamples.all()).toHaveLength(MAX_KEPT);
    expect(ownExamples.all()[0]!.text).toBe(`Example number ${MAX_KEPT + 4} about fractions of a pizza`);
    const file = JSON.parse(ownExamples.file());
    file.examples = [{ ...file.examples[0], text: 'One more from another device' }];
    expect(ownExamples.importFile(JSON.stringify(file))).toEqual({ added: 0, already: 0, full: 1 });
  });
});
