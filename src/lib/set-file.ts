/**
 * A set read back from a file the app exported: the CSV (ids from its "CASE URI" column),
 * the JSON (its `items`' CASE UUIDs), or the Canvas outcomes CSV (its outcomes'
 * `vendor_guid`). Ids are read strictly (`set-ids.ts`: whole UUIDs, each once); anything
 * else is refused whole with the line and the reason: a file loads as a set or not at all.
 */
import Papa from 'papaparse';
import { UUID_PATTERN } from '../../contract/uuid';
import { cleanName, cleanNote, nameFromFilename } from './set-name';
import { cut, lastSegment, readIds, type ListedId } from './set-ids';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILE_STANDARDS = 2000;
/** A few problems are enough to say what is wrong; a file with hundreds says the first ones. */
const MAX_PROBLEMS = 5;

export interface SetFromFile {
  name: string;
  note: string;
  /** Each with where the file lists it ("Line 7", "Item 5"), to name it if the data lacks it. */
  standards: Array<{ caseIdentifierUUID: string; frameworkCaseIdentifierUUID?: string; where: string }>;
  /** The frameworks the file names, as it names them: what to save when it cannot be read offline. */
  frameworks: string[];
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

export function parseSetFile(text: string, filename: string): SetFromFile {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new SetFileError(`“${cut(filename)}” is empty.`);
  return /^\s*[[{]/.test(body) ? parseJson(body, filename) : parseCsv(body, filename);
}

/** The file's standards, or a refusal naming the first few problems (line and reason). */
function finish(
  name: string,
  note: string,
  standards: SetFromFile['standards'],
  problems: string[],
  unit: 'line' | 'item',
  frameworks: Iterable<string>,
): SetFromFile {
  if (problems.length)
    throw new SetFileError(
      `Nothing was loaded: ${problems.length} ${problems.length === 1 ? `${unit} has a problem` : `${unit}s have problems`}${problems.length > MAX_PROBLEMS ? ` (the first ${MAX_PROBLEMS} below)` : ''}.`,
      problems.slice(0, MAX_PROBLEMS),
    );
  if (!standards.length) throw new SetFileError(`Nothing was loaded: the file lists no standards.`);
  if (standards.length > MAX_FILE_STANDARDS)
    throw new SetFileError(`Nothing was loaded: the file lists ${standards.length} standards; a set holds at most ${MAX_FILE_STANDARDS}.`);
  return { name, note, standards, frameworks: [...new Set([...frameworks].map((f) => f.trim()).filter(Boolean))] };
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
    throw new SetFileError(
      doc.CFDocument && doc.CFItems
        ? 'Nothing was loaded: this is a CASE package, which hands a set to CASE tools; load the set’s CSV or JSON export instead.'
        : 'Nothing was loaded: this JSON has no “items” list, so it is not a set or export made by Standards Explorer.',
    );
  const listed: ListedId[] = [];
  const frameworks: Array<string | undefined> = [];
  const frameworkNames: string[] = [];
  doc.items.forEach((raw, i) => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    listed.push({ raw: typeof item.caseIdentifierUUID === 'string' ? item.caseIdentifierUUID : '', where: `Item ${i + 1}` });
    const fw = (item.framework && typeof item.framework === 'object' ? item.framework : {}) as Record<string, unknown>;
    if (typeof fw.name === 'string') frameworkNames.push(cleanName(fw.name));
    frameworks.push(
      typeof fw.caseIdentifierUUID === 'string' && UUID_PATTERN.test(fw.caseIdentifierUUID)
        ? fw.caseIdentifierUUID.toLowerCase()
        : undefined,
    );
  });
  const read = readIds(listed, { describe: '“caseIdentifierUUID”' });
  const frameworkOf = new Map(listed.map((l, i) => [l.where, frameworks[i]]));
  const standards = read.ids.map(({ id, where }) => {
    const frameworkId = frameworkOf.get(where);
    return { caseIdentifierUUID: id, where, ...(frameworkId && { frameworkCaseIdentifierUUID: frameworkId }) };
  });
  const name = cleanName(typeof doc.title === 'string' ? doc.title : '') || nameFromFilename(filename);
  const note = typeof doc.note === 'string' ? cleanNote(doc.note) : '';
  return finish(name, note, standards, read.problems, 'item', frameworkNames);
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
  const frameworkColumn = header.indexOf('framework');
  const parentColumn = header.indexOf('parent_guids');
  const titleColumn = header.indexOf('title');
  const frameworkNames: string[] = [];
  if (uriColumn < 0 && guidColumn < 0)
    throw new SetFileError(
      'Nothing was loaded: line 1 has no “CASE URI” column (a CSV exported by Standards Explorer has one) and no “vendor_guid” (a Canvas outcomes CSV).',
    );
  const listed: ListedId[] = [];
  const problems: string[] = [];
  for (const { cells, line } of rows) {
    if (cells.every((c) => !c.trim())) continue; // blank lines are not standards
    const where = `Line ${line}`;
    if (uriColumn >= 0) {
      listed.push({ raw: cells[uriColumn] ?? '', where });
      if (frameworkColumn >= 0) frameworkNames.push(cleanName(cells[frameworkColumn] ?? ''));
      continue;
    }
    // Canvas: groups are the framework, domains and groupings; outcomes are the standards.
    const type = typeColumn < 0 ? 'outcome' : (cells[typeColumn] ?? '').trim();
    if (type === 'outcome') listed.push({ raw: cells[guidColumn] ?? '', where });
    // A top group (no parent) is a framework.
    else if (type === 'group') {
      if (parentColumn >= 0 && !(cells[parentColumn] ?? '').trim()) frameworkNames.push(cleanName(cells[titleColumn] ?? ''));
    } else problems.push(`${where}: “object_type” is “${cut(type)}”; a Canvas outcomes CSV has only “group” and “outcome”.`);
  }
  const read =
    uriColumn >= 0
      ? readIds(listed, { describe: 'the “CASE URI” column', segment: lastSegment })
      : readIds(listed, { describe: '“vendor_guid”' });
  const standards = read.ids.map(({ id, where }) => ({ caseIdentifierUUID: id, where }));
  // Problems in the order of the file's lines.
  const all = [...problems, ...read.problems].sort((a, b) => lineOf(a) - lineOf(b));
  return finish(nameFromFilename(filename), '', standards, all, 'line', frameworkNames);
}

const lineOf = (problem: string) => Number(/^Line (\d+)/.exec(problem)?.[1] ?? 0);
