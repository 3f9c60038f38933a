/**
 * The sets on a device keep names a person can tell apart, and leave no empty set behind
 * when a set arrives (saved from a link, loaded from a file).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StandardsItem } from '../../contract/schemas';
import type { ExportEntry } from './export-entries';
import { describeSet, unreadCount } from './set-count';
import { currentSet, sets, undoLastChange } from './sets-store';
import { distinctName, nameFromFilename } from './set-name';

const nodes = readFileSync(join(import.meta.dirname, '../../data/learning-commons/nodes.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { labels: string[]; properties: StandardsItem })
  .filter((n) => n.labels[0] === 'StandardsFrameworkItem')
  .map((n) => n.properties);
const byCode = (code: string) => nodes.find((n) => n.statementCode === code && n.jurisdiction === 'California')!;
const FRAMEWORK = { caseIdentifierUUID: 'c6487102-d7cb-11e8-824f-0242ac160002', name: 'California Math' };
const entry = (code: string, path: string[] = []): ExportEntry => ({ item: byCode(code), framework: FRAMEWORK, path: path.map(byCode) });

describe('named sets on a device', () => {
  it('lets the empty set it made itself give way to a set that arrives, and says so', () => {
    expect(sets.all().map((s) => s.name)).toEqual(['My set']);
    const id = sets.create('Grade 3 fractions unit', [entry('3.NF.A.3'), entry('3.NF.A.3.a', ['3.NF.A.3'])], 'Weeks 1–3');
    expect(sets.all().map((s) => s.name)).toEqual(['Grade 3 fractions unit']);
    expect(sets.editing().id).toBe(id);
    // Undo puts the empty one back.
    undoLastChange();
    expect(sets.all().map((s) => s.name)).toEqual(['My set']);
    sets.create('Grade 3 fractions unit', [entry('3.NF.A.3'), entry('3.NF.A.3.a', ['3.NF.A.3'])], 'Weeks 1–3');
  });

  it('names a second copy apart, “… (2)”, then “(3)”; a duplicate likewise', () => {
    const second = sets.create('Grade 3 fractions unit', [entry('3.NF.A.1')]);
    expect(sets.nameOf(second)).toBe('Grade 3 fractions unit (2)');
    const third = sets.create('grade 3 FRACTIONS unit', [entry('3.NF.A.1')]);
    expect(sets.nameOf(third)).toBe('grade 3 FRACTIONS unit (3)');
    sets.duplicate(second);
    expect(sets.editing().name).toBe('Grade 3 fractions unit (4)');
    expect(new Set(sets.all().map((s) => s.name.toLowerCase())).size).toBe(sets.all().length);
  });

  it('refuses a rename to a name another set has, saying why', () => {
    const id = sets.editing().id;
    expect(sets.rename(id, 'Grade 3 fractions unit')).toBe(
      'Another set is already named “Grade 3 fractions unit”: choose a name that tells them apart.',
    );
    expect(sets.nameOf(id)).toBe('Grade 3 fractions unit (4)');
    expect(sets.rename(id, 'Fractions, week 2')).toBeNull();
    expect(sets.nameOf(id)).toBe('Fractions, week 2');
  });

  it('counts standards and their parts apart wherever a change is said', () => {
    currentSet.clear();
    currentSet.add([entry('4.NF.B.3'), ...['a', 'b', 'c', 'd'].map((l) => entry(`4.NF.B.3.${l}`, ['4.NF.B.3']))]);
    expect(describeSet(sets.editing().entries)).toBe('1 standard (4 parts)');
    currentSet.add([{ ...entry('3.NF.A.1'), item: byCode('3.NF.A'), path: [] }]);
    expect(describeSet(sets.editing().entries)).toBe('1 standard (4 parts) and 1 grouping');
    currentSet.remove([byCode('4.NF.B.3').caseIdentifierUUID]);
    expect(describeSet(sets.editing().entries)).toBe('4 parts and 1 grouping');
    // Ids not read yet cannot be told apart: never "9 standards" for 3 standards and 6 parts.
    expect(unreadCount(9)).toBe('9 standards and parts');
    expect(unreadCount(1)).toBe('1 standard');
  });

  it('reads export file names back as the set’s name', () => {
    expect(nameFromFilename('grade-3-fractions-unit-canvas-outcomes.csv')).toBe('Grade 3 fractions unit');
    expect(nameFromFilename('grade-3-fractions-unit-case.json')).toBe('Grade 3 fractions unit');
    expect(nameFromFilename('grade-3-fractions-unit (2).json')).toBe('Grade 3 fractions unit (2)');
    expect(distinctName('Unit (2)', ['Unit', 'Unit (2)'])).toBe('Unit (3)');
    expect(distinctName('x'.repeat(120), ['x'.repeat(120)])).toBe(`${'x'.repeat(116)} (2)`);
  });
});
