import { describe, expect, it } from 'vitest';
import { codeStartsWith, looksLikeCode } from './code-query';

describe('code detection', () => {
  it.each(['3.NF.A.1', '3.nf.a.1', 'hsa-ced.a', 'HSA-CED.A.1', 'K.CC', '4.NF.B.3a', '3.NF.'])('%s is a code', (s) =>
    expect(looksLikeCode(s)).toBe(true),
  );
  it.each(['fractions', 'unit fractions', '3 NF', 'MP1', '1/2', '', '3..NF', 'a.b c'])('%j is words', (s) =>
    expect(looksLikeCode(s)).toBe(false),
  );
  it('prefix-matches codes case-insensitively', () => {
    expect(codeStartsWith('HSA-CED.A.1', 'hsa-ced.a')).toBe(true);
    expect(codeStartsWith('3.NF.A.10', '3.NF.A.1')).toBe(true);
    expect(codeStartsWith('3.NF.B.3', '3.NF.A')).toBe(false);
    expect(codeStartsWith(null, '3')).toBe(false);
  });
});
