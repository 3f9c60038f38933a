/**
 * Turns lines of a Learning Commons export into the API's resource shapes.
 * The export stores `gradeLevel` as a JSON-encoded string and `isCurrent` as
 * "true"/"false"; the API answers real arrays and booleans.
 */
import { GRADE_LEVELS, type Framework, type StandardsItem } from '../../contract/schemas';
import { UUID_PATTERN } from '../../contract/uuid';

type Props = Record<string, unknown>;

export interface NodeRecord {
  identifier: string;
  label: string;
  properties: Props;
}

export interface RelationshipRecord {
  identifier: string;
  label: string;
  source: string;
  target: string;
  properties: Props;
}

export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID_PATTERN.test(s);

function isObject(v: unknown): v is Props {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses one line; throws a plain message (the caller adds file and line). */
function parseObject(line: string): Props {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    throw new Error(`not valid JSON (${(e as Error).message})`);
  }
  if (!isObject(value)) throw new Error('expected a JSON object');
  return value;
}

export function parseNodeLine(line: string): NodeRecord {
  const o = parseObject(line);
  if (o.type !== 'node') throw new Error(`expected "type": "node", found ${JSON.stringify(o.type)}`);
  if (typeof o.identifier !== 'string' || o.identifier === '') throw new Error('a node needs a string "identifier"');
  if (!Array.isArray(o.labels) || !o.labels.every((l) => typeof l === 'string'))
    throw new Error('a node needs "labels", an array of strings');
  if (!isObject(o.properties)) throw new Error('a node needs a "properties" object');
  return { identifier: o.identifier, label: (o.labels[0] as string | undefined) ?? '', properties: o.properties };
}

export function parseRelationshipLine(line: string): RelationshipRecord {
  const o = parseObject(line);
  if (o.type !== 'relationship') throw new Error(`expected "type": "relationship", found ${JSON.stringify(o.type)}`);
  for (const key of ['identifier', 'label', 'source_identifier', 'target_identifier'] as const) {
    if (typeof o[key] !== 'string' || o[key] === '') throw new Error(`a relationship needs a string "${key}"`);
  }
  return {
    identifier: o.identifier as string,
    label: o.label as string,
    source: o.source_identifier as string,
    target: o.target_identifier as string,
    properties: isObject(o.properties) ? o.properties : {},
  };
}

/** A property as text (numbers and booleans written out), or null. */
export function str(p: Props, key: string): string | null {
  const v = p[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

const KNOWN_GRADES = new Set<string>(GRADE_LEVELS);

/** `"[\"9\",\"10\"]"` (or an array) → `['9','10']`; unknown grade tokens are dropped. */
export function parseGradeLevel(raw: unknown): string[] | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw.split(',').map((s) => s.trim());
    }
  }
  if (!Array.isArray(value)) return null;
  const grades = value.map((g) => String(g).trim().toUpperCase()).filter((g) => KNOWN_GRADES.has(g));
  return grades.length ? [...new Set(grades)] : null;
}

export function parseBoolean(raw: unknown, fallback: boolean): boolean {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'string') {
    if (raw.toLowerCase() === 'true') return true;
    if (raw.toLowerCase() === 'false') return false;
  }
  return fallback;
}

/** Bit i set when the item lists GRADE_LEVELS[i]: a grade filter is one AND in SQL. */
export function gradeMask(grades: readonly string[] | null): number {
  let mask = 0;
  for (const g of grades ?? []) {
    const i = (GRADE_LEVELS as readonly string[]).indexOf(g);
    if (i >= 0) mask |= 1 << i;
  }
  return mask;
}

const REQUIRED_TEXT_FALLBACK = '';

export function toItem(node: NodeRecord, hasChildren: boolean): StandardsItem {
  const p = node.properties;
  return {
    identifier: str(p, 'identifier') ?? node.identifier,
    caseIdentifierUUID: str(p, 'caseIdentifierUUID')!,
    caseIdentifierURI: str(p, 'caseIdentifierURI'),
    name: str(p, 'name'),
    statementCode: str(p, 'statementCode'),
    description: str(p, 'description'),
    statementType: str(p, 'statementType'),
    normalizedStatementType: str(p, 'normalizedStatementType'),
    jurisdiction: str(p, 'jurisdiction'),
    academicSubject: str(p, 'academicSubject'),
    gradeLevel: parseGradeLevel(p.gradeLevel),
    inLanguage: str(p, 'inLanguage'),
    dateCreated: str(p, 'dateCreated'),
    dateModified: str(p, 'dateModified'),
    notes: str(p, 'notes'),
    author: str(p, 'author') ?? REQUIRED_TEXT_FALLBACK,
    provider: str(p, 'provider') ?? REQUIRED_TEXT_FALLBACK,
    license: str(p, 'license') ?? REQUIRED_TEXT_FALLBACK,
    attributionStatement: str(p, 'attributionStatement') ?? REQUIRED_TEXT_FALLBACK,
    hasChildren,
  };
}

export function toFramework(node: NodeRecord): Framework {
  const p = node.properties;
  return {
    identifier: str(p, 'identifier') ?? node.identifier,
    caseIdentifierUUID: str(p, 'caseIdentifierUUID')!,
    caseIdentifierURI: str(p, 'caseIdentifierURI'),
    name: str(p, 'name'),
    description: str(p, 'description'),
    jurisdiction: str(p, 'jurisdiction'),
    academicSubject: str(p, 'academicSubject'),
    inLanguage: str(p, 'inLanguage'),
    adoptionStatus: str(p, 'adoptionStatus'),
    dateModified: str(p, 'dateModified'),
    notes: str(p, 'notes'),
    author: str(p, 'author'),
    provider: str(p, 'provider'),
    license: str(p, 'license'),
    attributionStatement: str(p, 'attributionStatement'),
    isCurrent: parseBoolean(p.isCurrent, true),
  };
}
