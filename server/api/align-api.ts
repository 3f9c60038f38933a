/**
 * Extension (documented, local API only): "which standards does this text address?".
 * `POST /standards-frameworks/{uuid}/align` and `POST /academic-standards/align` (a
 * jurisdiction's frameworks) take a pasted problem, activity or lesson as JSON and answer
 * the standards it most likely addresses, best first, each with the words and skills it
 * shares with the text (contract/search/align.ts ranks them, as the app does offline).
 *
 * A POST because a lesson does not fit a URL. Its answer is kept in the server's answer
 * cache (by the body's digest) but not by HTTP caches: a URL does not name it.
 */
import type { Context, Hono } from 'hono';
import { createHash } from 'node:crypto';
import { ACADEMIC_SUBJECTS, GRADE_LEVELS } from '../../contract/schemas';
import { MAX_ALIGN_TEXT } from '../../contract/search/align';
import { MAX_EXAMPLE_TEXT, MAX_OWN_EXAMPLES, type OwnExample } from '../../contract/search/examples';
import { UUID_PATTERN } from '../../contract/uuid';
import { summaryRows } from './summary-rows';
import { gradeMask } from '../import/records';
import type { Searcher } from '../search/searcher';
import type { SearchRow, StandardsStore } from '../store/standards-store';
import { MAX_INDEXED_ITEMS } from '../search/framework-ranking';
import { shown, validationError } from './errors';
import { checkEnum } from './params';
import { readCapped } from './read-capped';
import { JURISDICTIONS } from './jurisdictions';

/** The largest body read: a 10,000-character text and a teacher's own examples written with JSON escapes, and the other fields. */
const MAX_BODY_BYTES = 8 * (MAX_ALIGN_TEXT + MAX_OWN_EXAMPLES * (MAX_EXAMPLE_TEXT + 64)) + 4096;
const MAX_LIMIT = 50;
const DEFAULT_LIMIT = 10;

const EXAMPLE = '{"text": "Maria has 3 bags of 4 apples…", "gradeLevel": ["3"], "limit": 10}';

export interface AlignHelpers {
  store: StandardsStore;
  searcher: Searcher;
  /** The answer for `key`, built once and kept (as the GET operations' answers are). */
  cachedAs: (c: Context, key: string, build: () => Promise<Buffer>) => Promise<Response>;
  pathUuid: (c: Context) => string;
  frameworkNotFound: (id: string) => Error;
}

interface AlignBody {
  text: string;
  gradeLevel?: string[];
  limit: number;
  jurisdiction?: string;
  academicSubject?: string;
  /** A teacher's own examples (kept on their device): they vote beside the bank's. */
  examples?: OwnExample[];
}

export function alignRoutes(api: Hono, h: AlignHelpers) {
  const answer = async (c: Context, body: AlignBody, frameworkUuid: string | undefined) => {
    const filters = {
      gradeMask: gradeMask(body.gradeLevel ?? null),
      jurisdiction: body.jurisdiction,
      academicSubject: body.academicSubject,
    };
    const scope = h.store.frameworksInScope(filters, frameworkUuid) ?? [];
    const items = scope.reduce((n, f) => n + f.items, 0);
    if (items > MAX_INDEXED_ITEMS)
      throw validationError(
        `The frameworks in this scope hold ${items.toLocaleString('en-US')} items, more than the ${MAX_INDEXED_ITEMS.toLocaleString('en-US')} one alignment ranks; align within one framework (POST /standards-frameworks/{uuid}/align) or add "academicSubject".`,
      );
    const key = `${new URL(c.req.url).pathname} ${createHash('sha256').update(JSON.stringify(body)).digest('base64url')}`;
    return h.cachedAs(c, key, async () =>
      alignments(
        await h.searcher.search({ kind: 'align', text: body.text, filters, limit: body.limit, frameworkUuid, examples: body.examples }),
      ),
    );
  };

  api.post('/standards-frameworks/:id/align', async (c) => {
    const id = h.pathUuid(c);
    const body = alignBody(await readBody(c), ['text', 'gradeLevel', 'limit', 'examples']);
    if (!h.store.hasFramework(id)) throw h.frameworkNotFound(id);
    return answer(c, body, id);
  });

  api.post('/academic-standards/align', async (c) => {
    const body = alignBody(await readBody(c), ['text', 'gradeLevel', 'limit', 'jurisdiction', 'academicSubject', 'examples']);
    if (body.jurisdiction === undefined)
      throw validationError(
        `"jurisdiction" is required here (such as "California"): alignments rank one jurisdiction's frameworks, or one framework at /standards-frameworks/{uuid}/align.`,
        { parameter: 'jurisdiction' },
      );
    return answer(c, body, undefined);
  });
}

/** The answer: summaries (with grades) and why each matched, best first. */
const alignments = (rows: SearchRow[]) =>
  summaryRows(rows, (item, { score, match }) => ({
    gradeLevel: item.gradeLevel ?? null,
    score,
    matchedTerms: match?.words ?? [],
    matchedSkills: match?.skills ?? [],
    recognised: match?.recognised ?? [],
    ...(match?.example && { likeExample: match.example }),
  }));

/** The request's body as text, refused past MAX_BODY_BYTES without reading it all. */
async function readBody(c: Context): Promise<string> {
  const tooLong = () =>
    validationError(
      `The body is too long: "text" holds at most ${MAX_ALIGN_TEXT.toLocaleString('en-US')} characters. Send the part of the lesson to align.`,
      { parameter: 'text', max: MAX_ALIGN_TEXT },
    );
  const declared = Number(c.req.header('content-length'));
  if (declared > MAX_BODY_BYTES) throw tooLong();
  const bytes = await readCapped(c.req.raw.body, MAX_BODY_BYTES);
  if (!bytes) throw tooLong();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw validationError('The body is not UTF-8 text. Send JSON such as ' + EXAMPLE + '.');
  }
}

/** The body checked field by field: 400 for a wrong shape, 422 for a grade outside the list. */
function alignBody(raw: string, allowed: readonly string[]): AlignBody {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw validationError(
      `The body must be JSON such as ${EXAMPLE}${raw.trim() ? '' : '; it was empty'}. "text" holds at most ${MAX_ALIGN_TEXT.toLocaleString('en-US')} characters.`,
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw validationError(`The body must be a JSON object such as ${EXAMPLE}; got ${shown(JSON.stringify(body) ?? '')}.`);
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((k) => !allowed.includes(k));
  if (unknown.length)
    throw validationError(`Unknown field ${shown(unknown[0]!)}; this operation reads ${allowed.map((k) => `"${k}"`).join(', ')}.`, {
      parameter: unknown[0],
    });
  const { text, gradeLevel, limit = DEFAULT_LIMIT, jurisdiction, academicSubject, examples } = fields;
  if (typeof text !== 'string')
    throw validationError(
      `"text" is required: the problem, activity or lesson to align, as a string of at most ${MAX_ALIGN_TEXT.toLocaleString('en-US')} characters.`,
      { parameter: 'text' },
    );
  if (text.length > MAX_ALIGN_TEXT)
    throw validationError(
      `"text" holds ${text.length.toLocaleString('en-US')} characters; at most ${MAX_ALIGN_TEXT.toLocaleString('en-US')} are read. Send the part of the lesson to align.`,
      { parameter: 'text', max: MAX_ALIGN_TEXT },
    );
  if (!/[\p{L}\p{N}]/u.test(text))
    throw validationError(
      `"text" has no words to align; paste a problem, an activity or a lesson (up to ${MAX_ALIGN_TEXT.toLocaleString('en-US')} characters).`,
      {
        parameter: 'text',
      },
    );
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw validationError(`"limit" must be a whole number from 1 to ${MAX_LIMIT}; got ${shown(JSON.stringify(limit))}.`, {
      parameter: 'limit',
      min: 1,
      max: MAX_LIMIT,
    });
  if (gradeLevel !== undefined && (!Array.isArray(gradeLevel) || !gradeLevel.every((g) => typeof g === 'string')))
    throw validationError(`"gradeLevel" must be a list of grades such as ["4"] or ["K", "1"].`, { parameter: 'gradeLevel' });
  for (const g of (gradeLevel as string[] | undefined) ?? []) oneOf('gradeLevel', g, GRADE_LEVELS);
  if (jurisdiction !== undefined) oneOf('jurisdiction', jurisdiction, JURISDICTIONS);
  if (academicSubject !== undefined) oneOf('academicSubject', academicSubject, ACADEMIC_SUBJECTS);
  return {
    text,
    limit,
    ...(examples !== undefined && { examples: ownExamples(examples) }),
    ...(gradeLevel !== undefined && { gradeLevel: gradeLevel as string[] }),
    ...(jurisdiction !== undefined && { jurisdiction: jurisdiction as string }),
    ...(academicSubject !== undefined && { academicSubject: academicSubject as string }),
  };
}

/** A teacher's own examples, each a standard's UUID and a text, read strictly: a bad one is named, never skipped. */
function ownExamples(value: unknown): OwnExample[] {
  const shape = `"examples" must be a list of at most ${MAX_OWN_EXAMPLES} objects such as {"standard": "<a standard's UUID>", "text": "…"} (each text at most ${MAX_EXAMPLE_TEXT.toLocaleString('en-US')} characters)`;
  if (!Array.isArray(value) || value.length > MAX_OWN_EXAMPLES)
    throw validationError(`${shape}; got ${Array.isArray(value) ? `${value.length} of them` : shown(JSON.stringify(value) ?? '')}.`, {
      parameter: 'examples',
      max: MAX_OWN_EXAMPLES,
    });
  return value.map((e: unknown, i) => {
    const x = e as Partial<OwnExample> | null;
    if (
      typeof x !== 'object' ||
      x === null ||
      Array.isArray(x) ||
      Object.keys(x).some((k) => k !== 'standard' && k !== 'text') ||
      typeof x.standard !== 'string' ||
      !UUID_PATTERN.test(x.standard) ||
      typeof x.text !== 'string' ||
      x.text.length > MAX_EXAMPLE_TEXT
    )
      throw validationError(`${shape}; item ${i + 1} is ${shown(JSON.stringify(e) ?? '')}.`, { parameter: 'examples' });
    return { standard: x.standard, text: x.text };
  });
}

/** A string field that must be one of a list (400 when not a string, 422 when not listed). */
function oneOf(name: string, value: unknown, allowed: readonly string[]) {
  if (typeof value !== 'string')
    throw validationError(`"${name}" must be a string; got ${shown(JSON.stringify(value))}.`, { parameter: name });
  checkEnum(name, value, allowed);
}
