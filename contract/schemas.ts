/**
 * The Academic Standards API's resources as zod schemas: the browser parses every
 * response with them, and the server's tests hold its answers to them.
 */
import * as z from 'zod/mini';
import { GRADE_LEVELS } from './natural-sort';

export { GRADE_LEVELS };

export const ACADEMIC_SUBJECTS = ['English Language Arts', 'Mathematics', 'Science', 'Social Studies', 'Other'] as const;
export const NORMALIZED_STATEMENT_TYPES = ['Standard', 'Standard Grouping', 'Other'] as const;
export const ADOPTION_STATUSES = ['Draft', 'Proposed', 'Adopted', 'Implemented', 'Retired'] as const;

// Free-text fields stay plain strings: a new value in a data release must not break the app.
const text = z.nullable(z.string());

export const standardsItemSchema = z.object({
  identifier: z.string(),
  caseIdentifierUUID: z.string(),
  caseIdentifierURI: text,
  name: text,
  statementCode: text,
  description: text,
  statementType: text,
  normalizedStatementType: text,
  jurisdiction: text,
  academicSubject: text,
  gradeLevel: z.nullable(z.array(z.string())),
  inLanguage: text,
  dateCreated: text,
  dateModified: text,
  notes: text,
  author: z.string(),
  provider: z.string(),
  license: z.string(),
  attributionStatement: z.string(),
  hasChildren: z.boolean(),
});
export type StandardsItem = z.infer<typeof standardsItemSchema>;

export const frameworkSchema = z.object({
  identifier: z.string(),
  caseIdentifierUUID: z.string(),
  caseIdentifierURI: text,
  name: text,
  description: text,
  jurisdiction: text,
  academicSubject: text,
  inLanguage: text,
  adoptionStatus: text,
  dateModified: text,
  notes: text,
  author: text,
  provider: text,
  license: text,
  attributionStatement: text,
  isCurrent: z.boolean(),
  /**
   * Extension (the local API's): a digest of the framework's items, connections and skills,
   * which changes exactly when its data does. Absent from the hosted service.
   */
  dataVersion: z.optional(z.string()),
});
export type Framework = z.infer<typeof frameworkSchema>;

/** Who made a record and on what terms: every record of the data carries them. */
export const attributionFields = {
  author: z.string(),
  provider: z.string(),
  license: z.string(),
  attributionStatement: z.string(),
};

/** The fields of a standard's summary (search results, connections, a skill's standards). */
export const summaryFields = {
  caseIdentifierUUID: z.string(),
  statementCode: text,
  description: text,
  jurisdiction: text,
  ...attributionFields,
};

export const searchResultSchema = z.object({
  ...summaryFields,
  score: z.number().check(z.gte(0), z.lte(1)),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const paginationSchema = z.object({
  limit: z.int(),
  nextCursor: z.nullable(z.string()),
  hasMore: z.boolean(),
});

export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}
export type Page<T> = { data: T[]; pagination: z.infer<typeof paginationSchema> };

export const apiErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  requestId: z.string(),
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
