import { describe, expect, it } from 'vitest';
import type { StandardsItem } from '../../contract/schemas';
import { bestToOpen, filterParams, type SearchHit } from './search-hits';

const hit = (statementCode: string, type: StandardsItem['normalizedStatementType'] | undefined): SearchHit => ({
  caseIdentifierUUID: statementCode,
  statementCode,
  description: '',
  attributionStatement: '',
  ...(type && { item: { normalizedStatementType: type } as StandardsItem }),
});

describe('what Enter opens', () => {
  const hits = [
    hit('4.NF.A', 'Standard Grouping'),
    hit('4.NF', 'Standard Grouping'),
    hit('4.NF.A.1', 'Standard'),
    hit('4.NF.A.2', 'Standard'),
  ];
  it('opens the best standard, past the groupings that share the words', () => {
    expect(bestToOpen(hits, 'equivalent fractions')?.statementCode).toBe('4.NF.A.1');
  });
  it('opens a grouping when the query is its own code, in any case, with or without a final dot', () => {
    expect(bestToOpen(hits, '4.nf.a')?.statementCode).toBe('4.NF.A');
    expect(bestToOpen(hits, '4.NF.')?.statementCode).toBe('4.NF');
    expect(bestToOpen(hits, '4.NF.A.')?.statementCode).toBe('4.NF.A');
  });
  it('a code no item has opens the best standard it starts', () => {
    expect(bestToOpen([hits[0]!, hits[2]!], '4.N')?.statementCode).toBe('4.NF.A.1');
  });
  it('a result without its type (the hosted search) is taken as it ranks; only groupings: the first', () => {
    expect(bestToOpen([hit('X.1', undefined), hits[2]!], 'words')?.statementCode).toBe('X.1');
    expect(bestToOpen(hits.slice(0, 2), 'words')?.statementCode).toBe('4.NF.A');
    expect(bestToOpen([], 'words')).toBeUndefined();
  });
});

describe('the filters as search parameters', () => {
  it('sends grades as a repeated parameter and leaves out what is not set', () => {
    expect(filterParams({ grades: ['3', '4'], type: 'Standard' })).toEqual({
      gradeLevel: ['3', '4'],
      academicSubject: undefined,
      normalizedStatementType: 'Standard',
    });
    expect(filterParams(undefined)).toEqual({ gradeLevel: undefined, academicSubject: undefined, normalizedStatementType: undefined });
  });
});
