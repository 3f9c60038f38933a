import { describe, expect, it } from 'vitest';
import type { Crosswalk, StandardSummary } from '../connection-schemas';
import type { LearningComponent } from '../learning-component-schemas';
import { crosswalkEvidence, recordNote } from './crosswalk-evidence';
import { distinctStandards, neighboursOf, skillsOf, type ConnectionsReader } from './through-matches';

const skill = (identifier: string) => ({ identifier, description: identifier, attributionStatement: 'a' }) as LearningComponent;
const summary = (id: string, code: string, jurisdiction = 'Multi-State') =>
  ({ caseIdentifierUUID: id, statementCode: code, jurisdiction, description: code }) as StandardSummary;
const crosswalk = (id: string, code: string, jurisdiction: string, jaccard: number, counts = [2, 2, 2]) =>
  ({
    caseIdentifierUUID: id,
    statementCode: code,
    jurisdiction,
    jaccard,
    stateLCCount: counts[0],
    ccssLCCount: counts[1],
    sharedLCCount: counts[2],
  }) as Crosswalk;

/** A reader over a few standards: who they are, their lists. */
function reader(data: {
  jurisdiction: Record<string, string>;
  crosswalks?: Record<string, Crosswalk[]>;
  before?: Record<string, StandardSummary[]>;
  after?: Record<string, StandardSummary[]>;
  skills?: Record<string, LearningComponent[]>;
}): ConnectionsReader {
  return {
    jurisdictionOf: async (id) => data.jurisdiction[id] ?? null,
    crosswalks: async (id) => data.crosswalks?.[id] ?? [],
    prerequisites: async (id) => data.before?.[id] ?? [],
    buildsTowards: async (id) => data.after?.[id] ?? [],
    skills: async (id) => data.skills?.[id] ?? [],
  };
}

describe('skills through matches', () => {
  const data = {
    jurisdiction: { core: 'Multi-State', ca: 'California', ca2: 'California', tx: 'Texas', lone: 'Multi-State' },
    crosswalks: {
      core: [
        crosswalk('ca', '3.NF.A.1', 'California', 1),
        crosswalk('ca2', '3.NF.A.1', 'California', 1),
        crosswalk('tx', '3.3F', 'Texas', 0.5),
      ],
      lone: [crosswalk('tx', '3.3F', 'Texas', 0.5)],
    },
    skills: { ca: [skill('a'), skill('b')], ca2: [skill('b'), skill('c')], tx: [skill('t')] },
  };

  it('a standard’s own skills come first, never mixed with derived ones', async () => {
    expect(await skillsOf(reader(data), 'ca')).toEqual({ skills: [skill('a'), skill('b')] });
  });

  it('without its own: the skills of the standards rated identical, each once, marked with what they came through', async () => {
    const told = await skillsOf(reader(data), 'core');
    expect(told.skills.map((s) => s.identifier)).toEqual(['a', 'b', 'c']);
    // One standard in two courses is named once.
    expect(told.derivedThrough).toEqual([{ caseIdentifierUUID: 'ca', statementCode: '3.NF.A.1', jurisdiction: 'California' }]);
    expect(told.foundIn).toBeUndefined();
  });

  it('with nothing identical: no skills, and where skills are listed instead', async () => {
    expect(await skillsOf(reader(data), 'lone')).toEqual({
      skills: [],
      foundIn: [{ caseIdentifierUUID: 'tx', statementCode: '3.3F', jurisdiction: 'Texas' }],
    });
    expect(await skillsOf(reader(data), 'nothing')).toEqual({ skills: [] });
  });

  it('names distinct standards by jurisdiction and code', () => {
    const a = { caseIdentifierUUID: '1', statementCode: 'X', jurisdiction: 'California' };
    expect(
      distinctStandards([a, { ...a, caseIdentifierUUID: '2' }, { ...a, caseIdentifierUUID: '3', jurisdiction: 'Texas' }]),
    ).toHaveLength(2);
  });
});

describe('progressions through matches', () => {
  const data = {
    jurisdiction: { ca: 'California', core: 'Multi-State', cc2: 'Multi-State' },
    crosswalks: { ca: [crosswalk('core', '3.NF.A.1', 'Multi-State', 1)], cc2: [] },
    before: { core: [summary('cc2', '2.G.A.3')] },
    after: { core: [summary('cc4', '4.NF.A.1')] },
  };

  it('a state standard without its own reads its identical match’s, each Common Core standard as the state’s where identical, marked', async () => {
    const withCounterpart = reader({ ...data, crosswalks: { ...data.crosswalks, cc2: [crosswalk('ca2', '2.G.A.3', 'California', 1)] } });
    const n = await neighboursOf(withCounterpart, 'ca');
    expect(n.derivedThrough?.caseIdentifierUUID).toBe('core');
    expect(n.buildsOn.map((s) => `${s.jurisdiction} ${s.statementCode}`)).toEqual(['California 2.G.A.3']);
    expect(n.derived?.buildsOn[0]).toMatchObject({ unmatched: false, core: { caseIdentifierUUID: 'cc2' } });
    expect(n.derived?.leadsTo[0]).toMatchObject({ unmatched: true, standard: { caseIdentifierUUID: 'cc4' } });
  });

  it('a Common Core standard, or one with its own links, is never derived', async () => {
    expect((await neighboursOf(reader(data), 'core')).derivedThrough).toBeUndefined();
    const own = reader({ ...data, before: { ...data.before, ca: [summary('x', '2.X', 'California')] } });
    expect(await neighboursOf(own, 'ca')).toEqual({ buildsOn: [summary('x', '2.X', 'California')], leadsTo: [] });
  });

  it('nothing identical: nothing derived, the closest match named', async () => {
    const weak = reader({ ...data, crosswalks: { ca: [crosswalk('core', '3.NF.A.1', 'Multi-State', 0.5)] } });
    const n = await neighboursOf(weak, 'ca');
    expect(n).toMatchObject({ buildsOn: [], leadsTo: [], closest: { caseIdentifierUUID: 'core' } });
    expect(n.derivedThrough).toBeUndefined();
  });
});

describe('crosswalk evidence', () => {
  const ten = Array.from({ length: 10 }, (_, i) => skill(`s${i}`));

  it('the record’s counts stand where they agree with the listed skills; shared skills named where all are shared', () => {
    const e = crosswalkEvidence(crosswalk('c', 'X', 'Multi-State', 1, [10, 10, 10]), ten);
    expect([e.shared, e.union, e.sharedSkills?.length, e.record]).toEqual([10, 10, 10, undefined]);
    const partial = crosswalkEvidence(crosswalk('c', 'X', 'Multi-State', 0.5, [10, 10, 5]), ten);
    expect([partial.shared, partial.union, partial.sharedSkills]).toEqual([5, 15, null]);
  });

  it('identical, the record counting other than the list: the counts follow the list, the record said beside them', () => {
    const e = crosswalkEvidence(crosswalk('c', 'X', 'Multi-State', 1, [20, 20, 20]), ten);
    expect([e.shared, e.union, e.sharedSkills?.length]).toEqual([10, 10, 10]);
    expect(recordNote(e, 'California 2.OA.A.1')).toBe(
      'The alignment record counts 20 skills for California 2.OA.A.1; the data lists 10 skills, the ones shown.',
    );
    // Without the list, the API's count gives the same line.
    const counted = crosswalkEvidence({ ...crosswalk('c', 'X', 'Multi-State', 1, [20, 20, 20]), stateLCListed: 10 }, null);
    expect([counted.shared, counted.union, counted.sharedSkills]).toEqual([10, 10, null]);
  });

  it('not identical and disagreeing: the record’s counts, said so; no list at hand: the record alone', () => {
    const e = crosswalkEvidence(crosswalk('c', 'X', 'Multi-State', 0.5, [4, 4, 2]), ten);
    expect([e.shared, e.union, e.sharedSkills, e.record?.stateLCCount]).toEqual([2, 6, null, 4]);
    expect(crosswalkEvidence(crosswalk('c', 'X', 'Multi-State', 1, [20, 20, 20]), null)).toMatchObject({
      shared: 20,
      union: 20,
      listed: null,
    });
  });
});
