import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params';
import { browseParamsSchema, invalidBrowseParams, paramLabels, paramProblems, validateWithFixed } from './browse-params';

const parse = (s: string) => browseParamsSchema.parse(parseSearch(s));

describe('framework page search params', () => {
  it('parses good values and orders grades naturally', () => {
    expect(parse('?grades=3,K,12,K&subject=Mathematics&type=Standard&view=list&item=5EBEF26F-D7CC-11E8-824F-0242AC160002')).toEqual({
      grades: ['K', '3', '12'],
      subject: 'Mathematics',
      type: 'Standard',
      view: 'list',
      item: '5ebef26f-d7cc-11e8-824f-0242ac160002',
    });
  });
  it('drops bad values to their defaults and names them', () => {
    const raw = parseSearch('?grades=3,13&subject=Math&type=Standard%20Grouping&view=grid&item=../../etc');
    expect(browseParamsSchema.parse(raw)).toEqual({ type: 'Standard Grouping' });
    expect(paramProblems(raw)).toEqual(['grade', 'subject', 'view', 'selected item']);
  });
  it('keeps the search result order from a link, and drops an unknown one with a word of why', () => {
    expect(parse('?order=outline')).toEqual({ order: 'outline' });
    const raw = parseSearch('?order=sideways');
    expect(browseParamsSchema.parse(raw)).toEqual({});
    expect(paramProblems(raw)).toEqual(['search result order']);
  });
  it('survives malformed percent-encoding and unknown keys', () => {
    const raw = parseSearch('?grades=%E0%A4%A&x=1&view=%00');
    expect(browseParamsSchema.parse(raw)).toEqual({});
    expect(paramProblems(raw)).toEqual(['grade', 'view']);
  });
  it('writes readable URLs and round-trips', () => {
    const s = stringifySearch({ grades: ['K', '3'], subject: undefined, view: 'list', item: '' });
    expect(s).toBe('?grades=K,3&view=list');
    expect(parse(s)).toEqual({ grades: ['K', '3'], view: 'list' });
    expect(stringifySearch({})).toBe('');
  });
});

describe('a link with invalid parameters', () => {
  const validate = validateWithFixed((raw) => browseParamsSchema.parse(raw), invalidBrowseParams);
  it('keeps the valid values and records the invalid ones in `fixed`, once', () => {
    const first = validate(parseSearch('?grades=3,99&view=grid&subject=Mathematics'));
    expect(first).toEqual({ subject: 'Mathematics', fixed: ['grades', 'view'] });
    // The router validates the rewritten address again: `fixed` stays, nothing is added.
    expect(validate(parseSearch(stringifySearch(first)))).toEqual(first);
    expect(paramLabels(first.fixed!)).toEqual(['grade', 'view']);
  });
  it('adds nothing to a valid link', () => {
    expect(validate(parseSearch('?grades=K&view=list'))).toEqual({ grades: ['K'], view: 'list' });
  });
  it('ignores a forged `fixed` that names no parameter', () => {
    expect(validate(parseSearch('?fixed=<script>'))).toEqual({});
  });
});
