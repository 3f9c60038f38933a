/**
 * Files that are not a set the app exported: each refused whole, with the line and the
 * reason; nothing half-loaded.
 */
import { describe, expect, it } from 'vitest';
import { parseSetFile, SetFileError, MAX_FILE_STANDARDS } from './set-file';

const A = '5ebef26f-d7cc-11e8-824f-0242ac160002';
const B = '6b9bf846-d7cc-11e8-824f-0242ac160002';
const C = '5ebf0e9f-d7cc-11e8-824f-0242ac160002';
const uri = (id: string) => `https://satchelcommons.com/ims/case/v1p0/CFItems/${id}`;
const refused = (text: string, name: string) => {
  try {
    parseSetFile(text, name);
  } catch (e) {
    expect(e).toBeInstanceOf(SetFileError);
    return e as SetFileError;
  }
  throw new Error('the file was accepted');
};

describe('loading a set from a file', () => {
  it('reads ids from the CASE URI column (or a urn:uuid), skipping blank lines, with quoted multi-line cells', () => {
    const csv = `\uFEFFFramework,Code,Description,CASE URI\r\nCA,3.NF.A.1,"two\r\nlines, and ""quotes""",${uri(A)}\r\n\r\nCA,3.NF.A.2,x,${uri(B).toUpperCase()}\r\nCA,3.NF.A.3,y,urn:uuid:${C}\r\n`;
    expect(parseSetFile(csv, 'grade-3-fractions-unit.csv')).toEqual({
      name: 'Grade 3 fractions unit',
      note: '',
      frameworks: ['CA'],
      standards: [
        { caseIdentifierUUID: A, where: 'Line 2' },
        { caseIdentifierUUID: B, where: 'Line 5' },
        { caseIdentifierUUID: C, where: 'Line 6' },
      ],
    });
  });

  it('names the line and the reason of every bad row, and loads nothing', () => {
    const csv = `Code,CASE URI\n1,${uri(A)}\n2,\n3,"multi\nline"\n4,https://example.org/not-a-case-uri\n`;
    const e = refused(csv, 'unit.csv');
    expect(e.message).toBe('Nothing was loaded: 3 lines have problems.');
    expect(e.problems).toEqual([
      'Line 3: the “CASE URI” column is empty.',
      'Line 4: the “CASE URI” column (“multi\nline”) does not hold a CASE UUID: a CASE UUID is 32 hex digits in groups of 8-4-4-4-12.',
      'Line 6: the “CASE URI” column (“https://example.org/not-a-case-uri”) does not end in a CASE UUID: a CASE UUID is 32 hex digits in groups of 8-4-4-4-12.',
    ]);
  });

  // The class of the 13-digit UUID: an id is whole or the file is refused; nothing is read as its first 36 characters.
  it('refuses an id that is longer, shorter or followed by anything, and an id listed twice', () => {
    const csv = [
      'Code,CASE URI',
      `3.NF.A.1,${uri(A)}`,
      `3.NF.A.2,${uri(B)}7`,
      `3.NF.A.3,${uri(C).slice(0, -1)}`,
      `3.NF.A.3,${uri(C)}/`,
      `3.NF.A.3,${uri(C)}?v=2`,
      `again,${uri(A.toUpperCase())}`,
    ].join('\n');
    const e = refused(csv, 'unit.csv');
    expect(e.message).toBe('Nothing was loaded: 5 lines have problems.');
    const cut = (text: string) => `${text.slice(0, 60)}…`;
    expect(e.problems).toEqual([
      `Line 3: the “CASE URI” column (“${cut(`${uri(B)}7`)}”) does not end in a CASE UUID: its last group has 13 hex digits, not 12.`,
      `Line 4: the “CASE URI” column (“${cut(uri(C).slice(0, -1))}”) does not end in a CASE UUID: its last group has 11 hex digits, not 12.`,
      `Line 5: the “CASE URI” column (“${cut(`${uri(C)}/`)}”) does not end in a CASE UUID: a CASE UUID is 32 hex digits in groups of 8-4-4-4-12.`,
      `Line 6: the “CASE URI” column (“${cut(`${uri(C)}?v=2`)}”) does not end in a CASE UUID: a CASE UUID is 32 hex digits in groups of 8-4-4-4-12.`,
      `Line 7: ${A} is listed again (first at line 2).`,
    ]);
  });

  it('refuses a CSV that is not an export, an empty file, and a file with no standards', () => {
    expect(refused('name,age\nAda,36\n', 'people.csv').message).toMatch(/line 1 has no “CASE URI” column/);
    expect(refused('', 'empty.csv').message).toBe('“empty.csv” is empty.');
    expect(refused('Code,CASE URI\n', 'header-only.csv').message).toMatch(/lists no standards/);
    expect(refused('\u0000\u0001binary', 'x.bin').message).toMatch(/no “CASE URI” column/);
  });

  it('reads Canvas outcomes CSV: outcomes by vendor_guid, top groups as its frameworks, any other row refused', () => {
    const csv = `vendor_guid,object_type,title,parent_guids\nfw,group,California,\n${A},outcome,3.NF.A.1,fw\nbad guid,outcome,x,fw\nz,rubric,y,fw\n`;
    expect(refused(csv, 'c.csv').problems).toEqual([
      'Line 4: “vendor_guid” (“bad guid”) does not hold a CASE UUID: a CASE UUID is 32 hex digits in groups of 8-4-4-4-12.',
      'Line 5: “object_type” is “rubric”; a Canvas outcomes CSV has only “group” and “outcome”.',
    ]);
    expect(parseSetFile(csv.split('\n').slice(0, 3).join('\n'), 'grade-3-unit-canvas-outcomes.csv')).toEqual({
      name: 'Grade 3 unit',
      note: '',
      frameworks: ['California'],
      standards: [{ caseIdentifierUUID: A, where: 'Line 3' }],
    });
  });

  it('reads the JSON export, and says where JSON is broken', () => {
    const json = JSON.stringify({
      title: '  Fractions\nunit ',
      note: 'n',
      items: [
        { caseIdentifierUUID: A.toUpperCase(), framework: { caseIdentifierUUID: B, name: 'California Math' } },
        { caseIdentifierUUID: B },
      ],
    });
    expect(parseSetFile(json, 'x.json')).toEqual({
      name: 'Fractions unit',
      note: 'n',
      frameworks: ['California Math'],
      standards: [
        { caseIdentifierUUID: A, frameworkCaseIdentifierUUID: B, where: 'Item 1' },
        { caseIdentifierUUID: B, where: 'Item 2' },
      ],
    });
    const broken = refused('{\n  "title": "x",\n  "items": [\n    {"caseIdentifierUUID" 1}\n  ]\n}', 'x.json');
    expect(broken.message).toBe('Nothing was loaded: the file is not valid JSON (line 4).');
    expect(refused('{"title":"x"}', 'x.json').message).toMatch(/no “items” list/);
    expect(refused('[1,2]', 'x.json').message).toMatch(/no “items” list/);
    expect(refused('{"CFDocument":{},"CFItems":[]}', 'unit-case.json').message).toMatch(/this is a CASE package/);
    const hostile = refused(
      `{"items":[{"caseIdentifierUUID":"<script>"},{},null,7,{"caseIdentifierUUID":"${A}"},{"caseIdentifierUUID":"${A}"}]}`,
      'x.json',
    );
    expect(hostile.message).toBe('Nothing was loaded: 5 items have problems.');
    expect(hostile.problems).toEqual([
      'Item 1: “caseIdentifierUUID” (“<script>”) does not hold a CASE UUID: a CASE UUID is 32 hex digits in groups of 8-4-4-4-12.',
      'Item 2: “caseIdentifierUUID” is empty.',
      'Item 3: “caseIdentifierUUID” is empty.',
      'Item 4: “caseIdentifierUUID” is empty.',
      // Item 5 is whole; item 6 repeats it.
      `Item 6: ${A} is listed again (first at item 5).`,
    ]);
    const many = refused(`{"items":[${Array(7).fill('{}').join(',')}]}`, 'x.json');
    expect(many.message).toBe('Nothing was loaded: 7 items have problems (the first 5 below).');
    expect(many.problems).toHaveLength(5);
  });

  it(`refuses more than ${MAX_FILE_STANDARDS} standards`, () => {
    const ids = Array.from({ length: MAX_FILE_STANDARDS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(refused(JSON.stringify({ items: ids.map((caseIdentifierUUID) => ({ caseIdentifierUUID })) }), 'big.json').message).toMatch(
      /lists 2001 standards; a set holds at most 2000/,
    );
  });
});
