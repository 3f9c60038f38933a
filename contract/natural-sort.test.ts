import { describe, expect, it } from 'vitest';
import { compareCodes, sortSiblings } from './natural-sort';

const item = (statementCode: string | null, description = '', gradeLevel: string[] | null = null) => ({
  statementCode,
  description,
  gradeLevel,
});

describe('natural sibling order', () => {
  it('puts K and PK before numbers and numbers in numeric order', () => {
    const codes = ['3.NF.A.10', '1.OA.A.1', 'K.CC.A.1', '3.NF.A.2', 'PK.1', '10.X', '2.MD'];
    expect([...codes].sort(compareCodes)).toEqual(['PK.1', 'K.CC.A.1', '1.OA.A.1', '2.MD', '3.NF.A.2', '3.NF.A.10', '10.X']);
  });
  it('orders high-school codes and their letter components', () => {
    const codes = ['HSA-CED.A.2', 'HSA-CED.A.1', 'HSA-APR.B.3', 'HSA-CED.A.10', '4.NF.B.3b', '4.NF.B.3a', '4.NF.B.3'];
    expect([...codes].sort(compareCodes)).toEqual([
      '4.NF.B.3',
      '4.NF.B.3a',
      '4.NF.B.3b',
      'HSA-APR.B.3',
      'HSA-CED.A.1',
      'HSA-CED.A.2',
      'HSA-CED.A.10',
    ]);
  });
  it('is case-insensitive', () => {
    expect(compareCodes('hsa-ced.a.1', 'HSA-CED.A.1')).toBe(0);
  });
  it('puts coded items first, then uncoded ones by lowest grade, then description', () => {
    const sorted = sortSiblings([
      item(null, 'Grade 2', ['2']),
      item(null, 'Kindergarten', ['K']),
      item('1.OA', 'Operations'),
      item(null, 'High School', ['9', '10', '11', '12']),
      item(null, 'Apples', ['2']),
      item(null, 'Ungraded'),
    ]);
    expect(sorted.map((s) => s.statementCode ?? s.description)).toEqual([
      '1.OA',
      'Kindergarten',
      'Apples',
      'Grade 2',
      'High School',
      'Ungraded',
    ]);
  });
});
