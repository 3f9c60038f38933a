/**
 * The embed's postMessage protocol, version 1 (documented in docs/embedding.md).
 * Every message carries `protocol: "standards-explorer"` and `version: 1`.
 */
import type { Through } from '../../../contract/derived/through-matches';
import * as z from 'zod/mini';
import type { Framework, StandardsItem } from '../../../contract/schemas';
import { ACADEMIC_SUBJECTS, GRADE_LEVELS, NORMALIZED_STATEMENT_TYPES } from '../../../contract/schemas';
import { MAX_SELECTION } from './embed-params';
import { UUID_PATTERN } from '../../../contract/uuid';
import { toPlainText } from '../../lib/plain-text';
import type { skillAsText } from '../../lib/skill-text';

export const PROTOCOL = 'standards-explorer';
export const PROTOCOL_VERSION = 1;
export const CAPABILITIES = ['select', 'multiple', 'setSelection', 'setFilters', 'requestSelection', 'resize', 'alignText'] as const;
/** The longest text a host may send to align (its first 10,000 characters are read). */
export const MAX_HOST_TEXT = 100_000;
/** Announced when the host asked for skills (`skills=true`). */
export const SKILLS_CAPABILITY = 'learningComponents';

/** What the host receives for each chosen standard: enough to store and to attribute it. */
export interface EmbedItem {
  caseIdentifierUUID: string;
  statementCode: string | null;
  /** The source text: Markdown emphasis and `$…$` TeX math. */
  description: string | null;
  /** The same text readable as is: math as `1/b`, `≤`, `x²`; no Markdown markers. */
  descriptionText: string | null;
  jurisdiction: string | null;
  academicSubject: string | null;
  gradeLevel: string[] | null;
  caseIdentifierURI: string | null;
  attributionStatement: string;
  license: string;
  frameworkName: string | null;
  frameworkCaseIdentifierUUID: string;
  /**
   * Optional (asked for with `skills=true`): the standard's learning components; absent
   * where the picker could not read them, empty where the data lists none.
   */
  learningComponents?: Array<ReturnType<typeof skillAsText>>;
  /** Where those skills are derived: the standards the crosswalk rates identical whose skills they are (decision 023). */
  learningComponentsDerivedThrough?: Through[];
}

export function toEmbedItem(item: StandardsItem, framework: Pick<Framework, 'name' | 'caseIdentifierUUID'>): EmbedItem {
  return {
    caseIdentifierUUID: item.caseIdentifierUUID,
    statementCode: item.statementCode,
    description: item.description,
    descriptionText: toPlainText(item.description),
    jurisdiction: item.jurisdiction,
    academicSubject: item.academicSubject,
    gradeLevel: item.gradeLevel,
    caseIdentifierURI: item.caseIdentifierURI,
    attributionStatement: item.attributionStatement,
    license: item.license,
    frameworkName: framework.name,
    frameworkCaseIdentifierUUID: framework.caseIdentifierUUID,
  };
}

export type OutgoingMessage =
  | { type: 'ready'; capabilities: readonly string[]; mode: string; frameworkCaseIdentifierUUID: string | null }
  | { type: 'resize'; height: number }
  | { type: 'select'; item: EmbedItem }
  | { type: 'deselect'; item: EmbedItem }
  | { type: 'selection'; items: EmbedItem[] }
  | { type: 'done'; items: EmbedItem[] }
  | { type: 'cancel' };

export function envelope(message: OutgoingMessage) {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, ...message };
}

const uuid = z.string().check(z.regex(UUID_PATTERN));
const base = { protocol: z.literal(PROTOCOL), version: z.literal(PROTOCOL_VERSION) };

export const incomingMessageSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('setSelection'), ids: z.array(uuid).check(z.maxLength(MAX_SELECTION)) }),
  z.object({
    ...base,
    type: z.literal('setFilters'),
    grades: z.optional(z.array(z.enum(GRADE_LEVELS))),
    subject: z.optional(z.nullable(z.enum(ACADEMIC_SUBJECTS))),
    statementType: z.optional(z.nullable(z.enum(NORMALIZED_STATEMENT_TYPES))),
    view: z.optional(z.enum(['outline', 'list'])),
  }),
  z.object({ ...base, type: z.literal('requestSelection') }),
  // The text the host is editing: the picker opens "Find standards for a text" on it.
  z.object({ ...base, type: z.literal('alignText'), text: z.string().check(z.maxLength(MAX_HOST_TEXT)) }),
]);
export type IncomingMessage = z.infer<typeof incomingMessageSchema>;
