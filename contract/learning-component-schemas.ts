/**
 * Learning components (contract operations 10–13): the granular skills inside standards,
 * and the local API's documented extensions. Apart from schemas.ts so that pages without
 * skills do not load them.
 */
import * as z from 'zod/mini';
import { attributionFields as attribution, summaryFields } from './schemas';

const text = z.nullable(z.string());
// Fields a client can do without: a service that leaves one out must not break the app.
const optionalText = z.optional(text);

export const learningComponentSchema = z.object({
  identifier: z.string(),
  description: z.string(),
  academicSubject: optionalText,
  inLanguage: optionalText,
  dateCreated: optionalText,
  dateModified: optionalText,
  ...attribution,
});
export type LearningComponent = z.infer<typeof learningComponentSchema>;

/** Operation 13: a bare array, best first. */
export const learningComponentHitSchema = z.object({
  identifier: z.string(),
  description: z.string(),
  ...attribution,
  score: z.number(),
});
export type LearningComponentHit = z.infer<typeof learningComponentHitSchema>;

/** Extension: the standards a skill supports, in every framework. */
export const supportedStandardSchema = z.object({
  ...summaryFields,
  gradeLevel: z.nullable(z.array(z.string())),
  frameworkCaseIdentifierUUID: z.nullable(z.string()),
  /** The codes (or names) of its parents, top first: where it sits. Optional for clients. */
  path: z.optional(z.array(z.string())),
});
export type SupportedStandard = z.infer<typeof supportedStandardSchema>;

/** Extension: every skill of a framework's standards, one row per (standard, skill), in outline order. */
export const frameworkLearningComponentSchema = z.object({
  ...learningComponentSchema.shape,
  standardCaseIdentifierUUID: z.string(),
});
export type FrameworkLearningComponent = z.infer<typeof frameworkLearningComponentSchema>;
