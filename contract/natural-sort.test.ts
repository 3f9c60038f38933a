import { describe, expect, it } from 'vitest';
import { compareCodes, gradeInName, practiceNumber, sortSiblings } from './natural-sort';

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

/** The real structures that broke the old order (issue: real state frameworks), as the data has them. */
describe('sibling order on real state structures', () => {
  const order = (items: ReturnType<typeof item>[]) => sortSiblings(items).map((s) => s.statementCode ?? s.description);

  it('South Carolina: Kindergarten with the grades, before high-school course codes', () => {
    expect(order([item('IA'), item('PC'), item('K'), item('2'), item('1'), item('8')])).toEqual(['K', '1', '2', '8', 'IA', 'PC']);
    expect(order([item('IA.AAPR.1'), item('K.NS.1'), item('PC.FT.2')])).toEqual(['K.NS.1', 'IA.AAPR.1', 'PC.FT.2']);
  });

  it('Maine, Ohio, North Dakota: "(+)" and "*" do not move a standard', () => {
    expect(order([item('(+) HSA.APR.B.3'), item('HSA.APR.B.2'), item('HSA.APR.B.4*'), item('HSA.APR.B.1')])).toEqual([
      'HSA.APR.B.1',
      'HSA.APR.B.2',
      '(+) HSA.APR.B.3',
      'HSA.APR.B.4*',
    ]);
    expect(order([item('(+)N.VM.4'), item('N.VM.3'), item('N.VM.10')])).toEqual(['N.VM.3', '(+)N.VM.4', 'N.VM.10']);
  });

  it('Arkansas and Oregon: grade groupings without codes by the grade their names say', () => {
    expect(order([item(null, 'Eighth Grade'), item(null, 'Fifth Grade'), item(null, 'Seventh Grade'), item(null, 'Sixth Grade')])).toEqual([
      'Fifth Grade',
      'Sixth Grade',
      'Seventh Grade',
      'Eighth Grade',
    ]);
    expect(order([item(null, 'Grade 8'), item(null, 'Kindergarten'), item(null, 'Grade 1'), item(null, 'Grade 10')])).toEqual([
      'Kindergarten',
      'Grade 1',
      'Grade 8',
      'Grade 10',
    ]);
  });

  it("Pennsylvania: the practices in the document's own numbering, not the alphabet", () => {
    const practices = [6, 3, 8, 7, 1, 2, 5, 4].map((n) =>
      item(
        null,
        `${['Attend to precision', 'Construct arguments', 'Look for regularity', 'Look for structure', 'Make sense of problems', 'Reason abstractly', 'Use tools', 'Model with mathematics'][n - 1]} (MP${n})`,
      ),
    );
    expect(order(practices).map((d) => d!.match(/MP(\d)/)![1])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('Pennsylvania: practices without codes or numbers are recognised by their words and kept MP1–MP8', () => {
    const words = [
      'Make sense of problems and persevere in solving them.',
      'Reason abstractly and quantitatively.',
      'Construct viable arguments and critique the reasoning of others.',
      'Model with mathematics.',
      'Use appropriate tools strategically.',
      'Attend to precision.',
      'Look for and make use of structure.',
      'Look for and express regularity in repeated reasoning.',
    ];
    const shuffled = [5, 2, 7, 6, 0, 3, 1, 4].map((i) => item(null, words[i], ['3']));
    expect(order(shuffled)).toEqual(words);
    // A label before the words, or different case and punctuation, still names the practice.
    const labelled = [6, 1, 3].map((n) => item(null, `Mathematical Practice: ${words[n - 1]!.toUpperCase()}`));
    expect(order(labelled).map((d) => practiceNumber(item(null, d!)))).toEqual([1, 3, 6]);
    // Other siblings keep their places; a standard that mentions precision late is not a practice.
    const late = 'Measure lengths in whole units, and attend to precision when reporting them.';
    expect(practiceNumber(item(null, late))).toBeNull();
    expect(order([item(null, words[7]), item(null, 'Algebra overview'), item(null, words[0]), item(null, words[2])])).toEqual([
      'Algebra overview',
      words[0],
      words[2],
      words[7],
    ]);
  });

  it('Colorado: spaces inside a code do not change its order', () => {
    const colorado = ['5. Standard 4', '5.Standard 1', '5. Standard 3', '5.Standard 2'].map((c) => item(c, 'x', ['5']));
    expect(order(colorado)).toEqual(['5.Standard 1', '5.Standard 2', '5. Standard 3', '5. Standard 4']);
    expect([...['3. NF.A.2', '3.NF.A.1', '3.NF. A.10'].sort(compareCodes)]).toEqual(['3.NF.A.1', '3. NF.A.2', '3.NF. A.10']);
  });

  it('Kentucky: a pseudo-code "Conceptual Category: …" sorts as a name, after Kindergarten', () => {
    expect(
      order([item('Conceptual Category: Number and Quantity', '', ['9', '10', '11', '12']), item('K', 'Kindergarten', ['K'])]),
    ).toEqual(['K', 'Conceptual Category: Number and Quantity']);
  });

  it('Georgia: standards numbered across strands keep their numbers’ order', () => {
    expect(order([item('K.GSR.8'), item('K.NR.2'), item('K.PAR.6'), item('K.NR.1'), item('K.MDR.7'), item('K.NR.5')])).toEqual([
      'K.NR.1',
      'K.NR.2',
      'K.NR.5',
      'K.PAR.6',
      'K.MDR.7',
      'K.GSR.8',
    ]);
    // Common Core's clusters restart their numbers, so they keep code order.
    expect(order([item('3.NF.A.2'), item('3.NF.A.1'), item('3.NF.A.3')])).toEqual(['3.NF.A.1', '3.NF.A.2', '3.NF.A.3']);
  });

  it('names a grade from a grade word', () => {
    expect(['Pre-K', 'Kindergarten', 'First Grade', 'Twelfth grade', 'Grade 5', 'Grade K', 'Algebra I'].map(gradeInName)).toEqual([
      0, 1, 2, 13, 6, 1, -1,
    ]);
  });
});
