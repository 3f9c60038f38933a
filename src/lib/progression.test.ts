import { describe, expect, it } from 'vitest';
import type { Crosswalk, StandardSummary } from '../../contract/connection-schemas';
import { deriveList, deriveProgression, inGradeRange, nextSteps, strandOf, type Progression } from './progression';

const summary = (id: string, code: string, jurisdiction = 'Multi-State'): StandardSummary => ({
  caseIdentifierUUID: id,
  statementCode: code,
  description: `Text of ${code}`,
  jurisdiction,
  author: 'a',
  provider: 'p',
  license: 'l',
  attributionStatement: `attribution of ${code}`,
});
const identical = (id: string, code: string, jaccard = 1): Crosswalk => ({
  ...summary(id, code, 'California'),
  jaccard,
  stateLCCount: 2,
  ccssLCCount: 2,
  sharedLCCount: 2,
  gradeLevel: [code[0]!],
});

describe('the walk through a progression', () => {
  it('reads the strand from a code, past its grade', () => {
    expect(['1.NBT.B.2', 'K.CC.A.1', 'HSA-CED.A.1', '6.NS.A.1', 'MP1', null].map(strandOf)).toEqual([
      'NBT',
      'CC',
      'HSA-CED',
      'NS',
      'MP1',
      '',
    ]);
  });

  it('follows the chain through the centre: the same strand where it goes on, every step where it ends', () => {
    const steps = [summary('a', '2.NBT.A.1'), summary('b', '2.OA.A.1'), summary('c', '1.NBT.C.4')];
    expect(nextSteps('1.NBT.B.2', steps).map((s) => s.statementCode)).toEqual(['2.NBT.A.1', '1.NBT.C.4']);
    expect(nextSteps('1.NBT.B.2', steps, true)).toHaveLength(3);
    // Counting in kindergarten goes on into place value: no CC step follows, so all do.
    expect(nextSteps('K.CC.A.1', [summary('d', '1.NBT.A.1')]).map((s) => s.statementCode)).toEqual(['1.NBT.A.1']);
  });

  it('keeps standards with a grade in the range, and ungraded ones', () => {
    expect(inGradeRange(['K'], { from: '1', to: '5' })).toBe(false);
    expect(inGradeRange(['K', '1'], { from: '1', to: '5' })).toBe(true);
    expect(inGradeRange(['8'], { from: '1', to: '5' })).toBe(false);
    expect(inGradeRange(['8'], { from: '1' })).toBe(true);
    expect(inGradeRange(['9', '10'], { to: '9' })).toBe(true);
    expect(inGradeRange(null, { from: '1', to: '5' })).toBe(true);
    expect(inGradeRange(['3'], {})).toBe(true);
  });
});

describe('a state progression derived through identical matches', () => {
  const core: Progression = {
    centre: 'c3',
    nodes: new Map([
      ['c3', { standard: summary('c3', '3.NF.A.1'), grades: ['3'], step: 0 }],
      ['c2', { standard: summary('c2', '2.G.A.3'), grades: ['2'], step: -1 }],
      ['c4a', { standard: summary('c4a', '4.NF.B.3.a'), grades: ['4'], step: 1 }],
      ['c4b', { standard: summary('c4b', '4.NF.B.3.b'), grades: ['4'], step: 1 }],
      ['c5', { standard: summary('c5', '5.NF.A.1'), grades: ['5'], step: 2 }],
    ]),
    edges: [
      { from: 'c2', to: 'c3' },
      { from: 'c3', to: 'c4a' },
      { from: 'c3', to: 'c4b' },
      { from: 'c4a', to: 'c5' },
      { from: 'c4b', to: 'c5' },
    ],
    related: [summary('r', '3.NF.A.3')],
    attributions: ['progressions'],
    leftOut: 1,
  };
  const state = { ...summary('s3', '3.NF.A.1', 'California'), gradeLevel: ['3'] };
  const via = { ...identical('c3', '3.NF.A.1'), jurisdiction: 'Multi-State' };
  const counterparts = new Map([
    ['c2', [identical('s2', '2.G.A.3')]],
    ['c4a', [identical('s4', '4.NF.B.3')]],
    // Two Common Core standards the state wrote as one.
    ['c4b', [identical('s4', '4.NF.B.3')]],
    ['r', [identical('sr', '3.NF.A.3')]],
  ]);

  it("puts the state's own standards in place of the Common Core ones, and marks what the state has none of", () => {
    const p = deriveProgression(core, state, via, counterparts);
    expect(p.centre).toBe('s3');
    expect([...p.nodes.values()].map((n) => [n.standard.statementCode, n.standard.jurisdiction, n.step, !!n.unmatched])).toEqual([
      ['3.NF.A.1', 'California', 0, false],
      ['2.G.A.3', 'California', -1, false],
      ['4.NF.B.3', 'California', 1, false],
      ['5.NF.A.1', 'Multi-State', 2, true],
    ]);
    expect(p.nodes.get('s4')!.core!.statementCode).toBe('4.NF.B.3.a');
    expect(p.edges).toEqual([
      { from: 's2', to: 's3' },
      { from: 's3', to: 's4' },
      { from: 's4', to: 'c5' },
    ]);
    expect(p.related.map((r) => r.caseIdentifierUUID)).toEqual(['sr']);
    expect(p.derivedThrough).toBe(via);
    expect(p.leftOut).toBe(1);
  });

  it('reads a list the same way, one entry per state standard', () => {
    const list = deriveList([summary('c4a', '4.NF.B.3.a'), summary('c4b', '4.NF.B.3.b'), summary('c5', '5.NF.A.1')], counterparts);
    expect(list.map((d) => [d.standard.caseIdentifierUUID, d.core.statementCode, d.unmatched])).toEqual([
      ['s4', '4.NF.B.3.a', false],
      ['c5', '5.NF.A.1', true],
    ]);
  });
});
