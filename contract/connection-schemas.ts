/**
 * The connections operations' resources (contract operations 6–9) and the local API's
 * documented extensions of them. Apart from schemas.ts so that pages without connections
 * do not load them.
 */
import * as z from 'zod/mini';
import { PROGRESSION_OPERATIONS } from './connection-operations';
import { attributionFields, summaryFields } from './schemas';

const text = z.nullable(z.string());

/**
 * The local API's documented extension of connection answers; absent from the hosted
 * service, so every field is optional and the app works without them.
 */
const connectionExtension = {
  gradeLevel: z.optional(z.nullable(z.array(z.string()))),
  hasChildren: z.optional(z.boolean()),
  frameworkCaseIdentifierUUID: z.optional(z.nullable(z.string())),
};

/** prerequisites, builds-towards, related-standards (contract 7–9). */
export const standardSummarySchema = z.object({
  ...summaryFields,
  ...connectionExtension,
  /** Extension: the relationship's own attribution (e.g. the progressions' source). */
  relationship: z.optional(z.object({ author: text, provider: text, license: text, attributionStatement: text })),
});
export type StandardSummary = z.infer<typeof standardSummarySchema>;

/** crosswalks (contract 6); the counts always mean the state side and the Common Core side. */
export const crosswalkSchema = z.object({
  caseIdentifierUUID: z.string(),
  statementCode: text,
  description: text,
  jurisdiction: text,
  jaccard: z.number().check(z.gt(0), z.lte(1)),
  stateLCCount: z.int().check(z.gte(0)),
  ccssLCCount: z.int().check(z.gte(0)),
  sharedLCCount: z.int().check(z.gte(0)),
  ...attributionFields,
  ...connectionExtension,
  /** Extension: how many skills the data lists for the state side (see contract/derived/crosswalk-evidence). */
  stateLCListed: z.optional(z.int().check(z.gte(0))),
});
export type Crosswalk = z.infer<typeof crosswalkSchema>;

/**
 * One answer of the local API's framework connections extension: what `operation`
 * answers for the framework's standard `standardCaseIdentifierUUID`.
 */
export const frameworkConnectionSchema = z.union([
  z.extend(crosswalkSchema, { operation: z.literal('crosswalks'), standardCaseIdentifierUUID: z.string() }),
  z.extend(standardSummarySchema, {
    operation: z.enum(PROGRESSION_OPERATIONS),
    standardCaseIdentifierUUID: z.string(),
  }),
]);
export type FrameworkConnection = z.infer<typeof frameworkConnectionSchema>;
