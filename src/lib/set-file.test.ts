/**
 * Files that are not a set the app exported: each refused whole, with the line and the
 * reason; nothing half-loaded.
 */
import { describe, expect, it } from 'vitest';
import { parseSetFile, SetFileError, MAX_FILE_STANDARDS } from './set-file';

const A = '5ebef26f-d7cc-11e8-824f-0242ac160002';
const B = '6b9bf846-d7cc-11e8-824f-0242ac160002';
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
  it('reads ids from the CASE URI column, skipping blank lines, with quoted multi-line cells', () => {
    const csv = `\uFEFFFramework,Code,Description,CASE URI\r\nCA,3.NF.A.1,"two\r\nlines, and ""quotes""",${uri(A)}\r\n\r\nCA,3.NF.A.2,x,${uri(B).toUpperCase()}\r\n`;
    expect(parseSetFile(csv, 'grade-3-fractions-unit.csv')).toEqual({
      name: 'Grade 3 fractions unit',
      note: '',
      standards: [
        { caseIdentifierUUID: A, where: 'Line 2' },
        { caseIdentifierUUID: B, where: 'Line 5' },
      ],
    });
  });

  it('names the line and the reason of every bad row, and loads nothing', () => {
    const csv = `Code,CASE URI\n1,${uri(A)}\n2,\n3,"multi\nline"\n4,https://example.org/not-a-case-uri\n`;
    const e = refused(csv, 'unit.csv');
    expect(e.message).toBe('Nothing was loaded: 3 lines are not a standard of an export.');
    expect(e.problems).toEqual([
      'Line 3: the “CASE URI” column is empty.',
      'Line 4: the “CASE URI” column (“multi\nline”) holds no CASE UUID.',
      'Line 6: the “CASE URI” column (“https://example.org/not-a-case-uri”) holds no CASE UUID.',
    ]);
  });

  it('refuses a CSV that is not an export, an empty file, and a file with no standards', () => {
    expect(refused('name,age\nAda,36\n', 'people.csv').message).toMatch(/line 1 has no “CASE URI” column/);
    expect(refused('', 'empty.csv').message).toBe('“empty.csv” is empty.');
    expect(refused('Code,CASE URI\n', 'header-only.csv').message).toMatch(/lists no standards/);
    expect(refused('\u0000\u0001binary', 'x.bin').message).toMatch(/no “CASE URI” column/);
  });

  it('reads Canvas outcomes CSV: outcomes by vendor_guid, groups skipped', () => {
    const csv = `vendor_guid,object_type,title\nfw,group,California\n${A},outcome,3.NF.A.1\nbad guid,outcome,x\n`;
    expect(refused(csv, 'c.csv').problems).toEqual(['Line 4: “vendor_guid” (“bad guid”) is not a CASE UUID.']);
    expect(parseSetFile(csv.split('\n').slice(0, 3).join('\n'), 'c.csv').standards).toEqual([{ caseIdentifierUUID: A, where: 'Line 3' }]);
  });

  it('reads the JSON export, and says where JSON is broken', () => {
    const json = JSON.stringify({
      title: '  Fractions\nunit ',
      note: 'n',
      items: [{ caseIdentifierUUID: A.toUpperCase(), framework: { caseIdentifierUUID: B } }, { caseIdentifierUUID: A }],
    });
    expect(parseSetFile(json, 'x.json')).toEqual({
      name: 'Fractions unit',
      note: 'n',
      standards: [{ caseIdentifierUUID: A, frameworkCaseIdentifierUUID: B, where: 'Item 1' }],
    });
    const broken = refused('{\n  "title": "x",\n  "items": [\n    {"caseIdentifierUUID" 1}\n  ]\n}', 'x.json');
    expect(broken.message).toBe('Nothing was loaded: the file is not valid JSON (line 4).');
    expect(refused('{"title":"x"}', 'x.json').message).toMatch(/no “items” list/);
    expect(refused('[1,2]', 'x.json').message).toMatch(/no “items” list/);
    expect(refused('{"items":[{"caseIdentifierUUID":"<script>"},{},null,7]}', 'x.json').problems).toEqual([
      'Item 1 of “items”: no valid caseIdentifierUUID.',
      'Item 2 of “items”: no valid caseIdentifierUUID.',
      'Item 3 of “items”: no valid caseIdentifierUUID.',
      'Item 4 of “items”: no valid caseIdentifierUUID.',
    ]);
  });

  it(`refuses more than ${MAX_FILE_STANDARDS} standards`, () => {
    const ids = Array.from({ length: MAX_FILE_STANDARDS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(refused(JSON.stringify({ items: ids.map((caseIdentifierUUID) => ({ caseIdentifierUUID })) }), 'big.json').message).toMatch(
      /lists 2001 standards; a set holds at most 2000/,
    );
  });
});
