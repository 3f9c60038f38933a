/**
 * A set read back from a file the app exported: the CSV (ids from its "CASE URI" column),
 * the JSON (its `items`' CASE UUIDs), or the Canvas outcomes CSV (its outcomes'
 * `vendor_guid`). Anything else is refused whole with the line and the reason: a file
 * either loads as a set or not at all.
 */
import Papa from 'papaparse';
import { UUID_PATTERN } from '../../contract/uuid';
import { cleanName, MAX_NOTE, nameFromFilename } from './set-name';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILE_STANDARDS = 2000;
/** A few problems are enough to say what is wrong; a file with hundreds says the first ones. */
const MAX_PROBLEMS = 5;

export interface SetFromFile {
  name: string;
  note: string;
  /** Each with where the file lists it ("Line 7", "Item 5"), to name it if the data lacks it. */
  standards: Array<{ caseIdentifierUUID: string; frameworkCaseIdentifierUUID?: string; where: string }>;
}

export class SetFileError extends Error {
  constructor(
    message: string,
    /** Each problem with where it is: "Line 7: …". */
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

const UUID_IN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** The last UUID in a CASE URI (`…/CFItems/<uuid>`), lower case. */
const uuidIn = (text: string) => text.match(UUID_IN)?.at(-1)?.toLowerCase() ?? null;
const cut = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n)}…` : text);

export function parseSetFile(text: string, filename: string): SetFromFile {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new SetFileError(`“${cut(filename)}” is empty.`);
  return /^\s*[[{]/.test(body) ? parseJson(body, filename) : parseCsv(body, filename);
}

function finish(name: string, note: string, standards: SetFromFile['standards'], problems: string[], what: string): SetFromFile {
  if (problems.length)
    throw new SetFileError(
      `Nothing was loaded: ${problems.length >= MAX_PROBLEMS ? `at least ${MAX_PROBLEMS}` : problems.length} ${problems.length === 1 ? 'line is' : 'lines are'} not a standard of ${what}.`,
      problems,
    );
  const seen = new Set<string>();
  const unique = standards.filter((s) => !seen.has(s.caseIdentifierUUID) && seen.add(s.caseIdentifierUUID));
  if (!unique.length) throw new SetFileError(`Nothing was loaded: the file lists no standards.`);
  if (unique.length > MAX_FILE_STANDARDS)
    throw new SetFileError(`Nothing was loaded: the file lists ${unique.length} standards; a set holds at most ${MAX_FILE_STANDARDS}.`);
  return { name, note, standards: unique };
}

function parseJson(body: string, filename: string): SetFromFile {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (e) {
    // Engines say where when they can: "at position 57", some also "(line 4 column 27)".
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message)?.[1];
    const line = Number(/line (\d+)/.exec(message)?.[1]) || (at === undefined ? null : body.slice(0, Number(at)).split('\n').length);
    throw new SetFileError(`Nothing was loaded: the file is not valid JSON${line ? ` (line ${line})` : ''}.`, [
      `${line ? `Line ${line}: ` : ''}${(e as Error).message}`,
    ]);
  }
  const doc = (data && typeof data === 'object' && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  if (!Array.isArray(doc.items))
    throw new SetFileError('Nothing was loaded: this JSON has no “items” list, so it is not a set or export made by Standards Explorer.');
  const problems: string[] = [];
  const standards: SetFromFile['standards'] = [];
  doc.items.forEach((raw, i) => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const id = typeof item.caseIdentifierUUID === 'string' ? item.caseIdentifierUUID.toLowerCase() : '';
    if (!UUID_PATTERN.test(id)) {
      if (problems.length < MAX_PROBLEMS) problems.push(`Item ${i + 1} of “items”: no valid caseIdentifierUUID.`);
      return;
    }
    const fw = (item.framework && typeof item.framework === 'object' ? item.framework : {}) as Record<string, unknown>;
    const frameworkId =
      typeof fw.caseIdentifierUUID === 'string' && UUID_PATTERN.test(fw.caseIdentifierUUID) ? fw.caseIdentifierUUID : undefined;
    standards.push({
      caseIdentifierUUID: id,
      where: `Item ${i + 1}`,
      ...(frameworkId && { frameworkCaseIdentifierUUID: frameworkId.toLowerCase() }),
    });
  });
  const name = cleanName(typeof doc.title === 'string' ? doc.title : '') || nameFromFilename(filename);
  const note = typeof doc.note === 'string' ? doc.note.slice(0, MAX_NOTE) : '';
  return finish(name, note, standards, problems, 'this export');
}

function parseCsv(body: string, filename: string): SetFromFile {
  const rows: Array<{ cells: string[]; line: number }> = [];
  let start = 0;
  const lineAt = (pos: number) => {
    while (body[pos] === '\r' || body[pos] === '\n') pos++;
    return body.slice(0, pos).split('\n').length;
  };
  Papa.parse<string[]>(body, {
    step: (r) => {
      rows.push({ cells: r.data, line: lineAt(start) });
      start = r.meta.cursor;
    },
  });
  const header = rows.shift()?.cells.map((h) => h.trim().toLowerCase()) ?? [];
  const uriColumn = header.indexOf('case uri');
  const guidColumn = header.indexOf('vendor_guid');
  const typeColumn = header.indexOf('object_type');
  if (uriColumn < 0 && guidColumn < 0)
    throw new SetFileError(
      'Nothing was loaded: line 1 has no “CASE URI” column (a CSV exported by Standards Explorer has one) and no “vendor_guid” (a Canvas outcomes CSV).',
    );
  const problems: string[] = [];
  const standards: SetFromFile['standards'] = [];
  for (const { cells, line } of rows) {
    if (cells.every((c) => !c.trim())) continue; // blank lines are not standards
    if (uriColumn >= 0) {
      const uri = cells[uriColumn] ?? '';
      const id = uuidIn(uri);
      if (id) standards.push({ caseIdentifierUUID: id, where: `Line ${line}` });
      else if (problems.length < MAX_PROBLEMS)
        problems.push(`Line ${line}: the “CASE URI” column ${uri.trim() ? `(“${cut(uri.trim())}”) holds no CASE UUID` : 'is empty'}.`);
    } else {
      // Canvas: groups are the framework and domains, outcomes the standards.
      if ((cells[typeColumn] ?? '').trim() === 'group') continue;
      const guid = (cells[guidColumn] ?? '').trim();
      if (UUID_PATTERN.test(guid)) standards.push({ caseIdentifierUUID: guid.toLowerCase(), where: `Line ${line}` });
      else if (problems.length < MAX_PROBLEMS)
        problems.push(`Line ${line}: “vendor_guid” ${guid ? `(“${cut(guid)}”) is not a CASE UUID` : 'is empty'}.`);
    }
  }
  return finish(nameFromFilename(filename), '', standards, problems, 'an export');
}
