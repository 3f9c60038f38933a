/**
 * "Find standards for a text": the standards a pasted problem, activity or lesson most
 * likely addresses, best first, with the words and skills each shares with the text.
 * The local API answers (its POST …/align extension); offline, or where the service
 * lacks the operation (the hosted service), a saved framework answers on the device, by
 * the same ranking (contract/search/align.ts). With neither, the error says what would.
 */
import type { ExampleReason, RecognisedReason } from '../../contract/search/align';
import type { OwnExample } from '../../contract/search/examples';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { MAX_ALIGN_TEXT } from '../../contract/search/align';
import type { StandardsItem } from '../../contract/schemas';
import type { SkillText } from '../../contract/search/documents';
import { loadPart } from '../lib/load-part';
import { ApiError, getJson, isNetworkError, type ApiSource } from '../lib/api-client';

export { MAX_ALIGN_TEXT };

export interface AlignHit {
  caseIdentifierUUID: string;
  statementCode: string | null;
  description: string | null;
  gradeLevel: string[] | null;
  attributionStatement: string;
  /** Relative to the first result's (1). */
  score: number;
  /** The text's words the standard shares, most telling first. */
  words: string[];
  /** The standard's skills that share words with the text. */
  skills: SkillText[];
  /** The concepts recognised in the text that the standard matched through ("percent", from "25% off"). */
  recognised: RecognisedReason[];
  /** The standard's example nearest to the text ("like: …"), where its examples voted for it. */
  example?: ExampleReason;
  /** The full item, when ranked on the device. */
  item?: StandardsItem;
}

export interface AlignResults {
  hits: AlignHit[];
  /** Who ranked them: the standards service, or the framework saved on this device. */
  by: 'service' | 'device';
}

/** The most suggestions asked for. */
export const ALIGN_LIMIT = 20;

const alignAnswer = z.array(
  z.object({
    caseIdentifierUUID: z.string(),
    statementCode: z.nullable(z.string()),
    description: z.nullable(z.string()),
    gradeLevel: z.optional(z.nullable(z.array(z.string()))),
    attributionStatement: z.string(),
    score: z.number(),
    matchedTerms: z.array(z.string()),
    matchedSkills: z.array(z.object({ identifier: z.string(), description: z.string(), through: z.optional(z.string()) })),
    // Absent from services older than the concept recognition.
    recognised: z.optional(z.array(z.object({ concept: z.string(), evidence: z.array(z.string()), words: z.array(z.string()) }))),
    // Absent from services older than the example bank.
    likeExample: z.optional(z.object({ text: z.string(), own: z.boolean() })),
  }),
);

/** Services known to lack the alignment operation (asked once per page load). */
const withoutAlign = new Set<string>();

/** Whether the service is known to lack the operation: a saved copy answers in its place. */
export const serviceLacksAlign = (source: ApiSource) => withoutAlign.has(source.baseUrl);

/** Thrown where neither the service nor a saved copy can align: the message says what would. */
export class AlignUnavailable extends Error {
  constructor(readonly reason: 'offline' | 'no-operation') {
    super(
      reason === 'offline'
        ? 'You are offline and this framework is not saved on this device. Save it for offline use (when online) to find standards for a text without a network.'
        : 'This standards service cannot align a text (the hosted Knowledge Graph API has no such operation). Use the local Standards API, or save this framework for offline use: it is then ranked on this device.',
    );
    this.name = 'AlignUnavailable';
  }
}

export async function alignText(
  source: ApiSource,
  frameworkId: string,
  text: string,
  grades: readonly string[],
  own: readonly OwnExample[] = [],
  signal?: AbortSignal,
): Promise<AlignResults> {
  const body = {
    text: text.slice(0, MAX_ALIGN_TEXT),
    limit: ALIGN_LIMIT,
    ...(grades.length && { gradeLevel: grades }),
    ...(own.length && { examples: own }),
  };
  let reason: AlignUnavailable['reason'] = 'no-operation';
  if (!withoutAlign.has(source.baseUrl)) {
    try {
      const rows = await getJson(source, `/standards-frameworks/${encodeURIComponent(frameworkId)}/align`, alignAnswer, { body, signal });
      return {
        by: 'service',
        hits: rows.map((r) => ({
          caseIdentifierUUID: r.caseIdentifierUUID,
          statementCode: r.statementCode,
          description: r.description,
          gradeLevel: r.gradeLevel ?? null,
          attributionStatement: r.attributionStatement,
          score: r.score,
          words: r.matchedTerms,
          skills: r.matchedSkills,
          recognised: r.recognised ?? [],
          ...(r.likeExample && { example: r.likeExample }),
        })),
      };
    } catch (e) {
      // A service without the operation answers 404 or 405; unreachable, the saved copy answers.
      if (e instanceof ApiError && (e.status === 404 || e.status === 405)) withoutAlign.add(source.baseUrl);
      else if (isNetworkError(e)) reason = 'offline';
      else throw e;
    }
  }
  const { alignOnDevice } = await loadPart(() => import('./align-on-device'));
  const hits = await alignOnDevice(source.baseUrl, frameworkId, body.text, grades, ALIGN_LIMIT, own);
  if (!hits) throw new AlignUnavailable(reason);
  return { by: 'device', hits };
}

export const alignKeys = {
  all: ['align'] as const,
  results: (source: ApiSource, frameworkId: string, text: string, grades: readonly string[], own: readonly OwnExample[]) =>
    [...alignKeys.all, source.baseUrl, frameworkId, text, grades, own] as const,
};

/**
 * An alignment as a query: run on request (not per key), not persisted, kept a few
 * minutes; the teacher's own examples for the framework are part of it (a kept example
 * changes the answer).
 */
export function alignOptions(
  source: ApiSource,
  frameworkId: string,
  text: string,
  grades: readonly string[],
  own: readonly OwnExample[] = [],
) {
  return queryOptions({
    queryKey: alignKeys.results(source, frameworkId, text, grades, own),
    queryFn: ({ signal }) => alignText(source, frameworkId, text, grades, own, signal),
    meta: { persist: false },
    staleTime: 5 * 60_000,
    // As the search (search.ts): offline the device answers, so a retry runs rather than
    // waiting for the network, and a failure ends in a message.
    networkMode: 'always',
    retry: (count, e) => !(e instanceof AlignUnavailable) && !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
  });
}
