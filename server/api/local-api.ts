/**
 * The contract's operations over the imported database (mounted under /api/v0).
 */
import { createHmac } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ACADEMIC_SUBJECTS, ADOPTION_STATUSES, GRADE_LEVELS, NORMALIZED_STATEMENT_TYPES } from '../../contract/schemas';
import { JURISDICTIONS } from './jurisdictions';
import { CONNECTION_OPERATIONS, PROGRESSION_OPERATIONS } from '../../contract/connection-operations';
import { gradeMask } from '../import/records';
import type { Rows, SearchFilters, SearchRow, StandardsStore } from '../store/standards-store';
import { inProcessSearcher, type Searcher } from '../search/searcher';
import { queryWordsOf } from '../search/word-query';
import { CursorCodec } from './cursor';
import { notFound, shown, validationError } from './errors';
import { Query, UUID_PATTERN } from './params';
import { cacheableJson, DEFAULT_MAX_AGE, DEFAULT_STALE_WHILE_REVALIDATE, notModified, uncacheableJson } from './http-cache';
import { alignRoutes } from './align-api';
import { ResponseCache } from './response-cache';
import { Compressor, preferredEncoding } from './compression';
import { learningComponentRoutes } from './learning-components-api';
import { summaryRows } from './summary-rows';
import { storeReader } from './store-reader';
import { derivedConnections } from '../../contract/derived/derived-connections';

export function createLocalApi(
  store: StandardsStore,
  options: { private: boolean; searcher?: Searcher; cursorKey?: string | null; maxAge?: number; staleWhileRevalidate?: number },
) {
  const searcher = options.searcher ?? inProcessSearcher(store);
  const api = new Hono();
  const buildId = store.meta.buildId!;
  // Every instance serving the same data signs cursors alike: with the shared key when one
  // is set, else with the key the import derived from the data.
  const cursorSecret = options.cursorKey ? createHmac('sha256', options.cursorKey).update(buildId).digest('hex') : store.meta.cursorSecret!;
  const cursors = new CursorCodec(cursorSecret, buildId);
  const policy = {
    private: options.private,
    maxAge: options.maxAge ?? DEFAULT_MAX_AGE,
    staleWhileRevalidate: options.staleWhileRevalidate ?? DEFAULT_STALE_WHILE_REVALIDATE,
  };
  const answers = new ResponseCache();
  const compressor = new Compressor();
  /**
   * The answer for this URL, built once (only successful answers are kept: errors throw)
   * and sent compressed where the client accepts it and it is large.
   */
  const cached = (c: Context, build: () => Buffer | Promise<Buffer>) => cachedAs(c, c.req.url.slice(c.req.url.indexOf('/api/')), build);
  /** The answer kept under `key`, built once, sent compressed where accepted. */
  const cachedAs = async (c: Context, key: string, build: () => Buffer | Promise<Buffer>) => {
    let body = answers.get(key);
    if (!body) answers.set(key, (body = await build()));
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    c.header('Vary', 'Accept-Encoding');
    const compressed = await compressor.compress(key, body, encoding);
    if (compressed) c.header('Content-Encoding', encoding!);
    if (c.req.method === 'POST') return uncacheableJson(c, compressed ?? body);
    return cacheableJson(c, compressed ?? body, buildId, policy, compressed ? encoding : null);
  };

  /** Runs one paged operation: cursor → keyset, rows → envelope, with HTTP caching. */
  function paged(c: Context, operation: unknown[], query: Query, maxLimit: number, run: (after: number, limit: number) => Rows) {
    const limit = query.limit(maxLimit, 100);
    const fingerprint = CursorCodec.fingerprint(operation);
    const cursor = query.one('cursor');
    const after = cursor === undefined ? -1 : cursors.decode(cursor, fingerprint);
    if (notModified(c, buildId)) return c.body(null, 304);
    return cached(c, () => {
      const { rows, hasMore } = run(after, limit);
      const nextCursor = hasMore ? cursors.encode(rows[rows.length - 1]!.key, fingerprint) : null;
      return joinJson(
        '{"data":[',
        rows.map((r) => r.json),
        `],"pagination":${JSON.stringify({ limit, nextCursor, hasMore })}}`,
      );
    });
  }

  function pathUuid(c: Context): string {
    const id = c.req.param('id') ?? '';
    if (!UUID_PATTERN.test(id)) {
      throw validationError(`The path needs a CASE UUID such as c6496676-d7cb-11e8-824f-0242ac160002; got ${shown(id)}.`, {
        parameter: 'caseIdentifierUUID',
      });
    }
    return id.toLowerCase();
  }

  const itemFilters = (q: Query) => ({
    gradeMask: gradeMask(q.enumMany('gradeLevel', GRADE_LEVELS)),
    academicSubject: q.enumOne('academicSubject', ACADEMIC_SUBJECTS),
    normalizedStatementType: q.enumOne('normalizedStatementType', NORMALIZED_STATEMENT_TYPES),
  });

  learningComponentRoutes(api, {
    store,
    paged,
    cached,
    notModified: (c) => notModified(c, buildId),
    pathUuid,
    searchWordsOf,
    itemNotFound,
    frameworkNotFound,
  });

  alignRoutes(api, { store, searcher, cachedAs, pathUuid, frameworkNotFound });

  api.get('/standards-frameworks', (c) => {
    const q = Query.fromUrl(c.req.url);
    const filters = {
      jurisdiction: q.enumOne('jurisdiction', JURISDICTIONS),
      academicSubject: q.enumOne('academicSubject', ACADEMIC_SUBJECTS),
      adoptionStatus: q.enumOne('adoptionStatus', ADOPTION_STATUSES),
      includeNonCurrent: q.boolean('includeNonCurrent', false),
    };
    return paged(c, ['frameworks', filters], q, 1000, (after, limit) => store.listFrameworks(filters, after, limit));
  });

  api.get('/academic-standards', (c) => {
    const q = Query.fromUrl(c.req.url);
    const framework = q.uuid('standardsFrameworkCaseIdentifierUUID', true);
    const filters = itemFilters(q);
    return paged(c, ['list', framework, filters], q, 1000, (after, limit) => store.listItems(framework, filters, after, limit));
  });

  api.get('/academic-standards/search', async (c) => {
    const q = Query.fromUrl(c.req.url);
    const text = q.text('query', 500);
    const code = q.text('statementCode', 50);
    if ((text === undefined) === (code === undefined)) {
      throw validationError('Give exactly one of "query" (words to search for) or "statementCode" (an exact code such as 3.NF.A.1).');
    }
    const filters: SearchFilters = { ...itemFilters(q), jurisdiction: q.enumOne('jurisdiction', JURISDICTIONS) };
    const limit = q.limit(50, 5);
    if (text !== undefined) searchWordsOf(text);
    if (notModified(c, buildId)) return c.body(null, 304);
    if (code !== undefined) return cached(c, () => summaries(store.searchByCode(code.trim(), filters, limit)));
    return cached(c, async () => summaries(await searcher.search({ kind: 'words', text: text!, filters, limit })));
  });

  // Extension (documented): search one framework, by words or by the start of a code,
  // answering whole items, best match first (or in outline order), with why each matched,
  // so a search box needs neither the framework's full list nor a filter of its own.
  // Clients must not rely on it.
  api.get('/standards-frameworks/:id/search', async (c) => {
    const id = pathUuid(c);
    const q = Query.fromUrl(c.req.url);
    const text = q.text('query', 500);
    const prefix = q.text('statementCodePrefix', 50);
    if ((text === undefined) === (prefix === undefined)) {
      throw validationError(
        'Give exactly one of "query" (words to search for) or "statementCodePrefix" (the start of a code such as 3.NF).',
      );
    }
    const filters = itemFilters(q);
    const limit = q.limit(50, 20);
    const order = q.enumOne('order', SEARCH_ORDERS) ?? 'relevance';
    if (text !== undefined) searchWordsOf(text);
    if (!store.hasFramework(id)) throw frameworkNotFound(id);
    if (notModified(c, buildId)) return c.body(null, 304);
    return cached(c, async () => {
      const rows = await searcher.search(
        prefix !== undefined
          ? { kind: 'codePrefix', frameworkUuid: id, prefix: prefix.trim().replace(/\.$/, ''), filters, limit }
          : { kind: 'words', text: text!, filters, limit, frameworkUuid: id },
      );
      if (order === 'outline' || prefix !== undefined) rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
      const matches = rows.map((r) => ({ score: r.score, ...r.match }));
      return joinJson(
        '{"data":[',
        rows.map((r) => r.json),
        `],"matches":${JSON.stringify(matches)}}`,
      );
    });
  });

  api.get('/academic-standards/:id', (c) => {
    const id = pathUuid(c);
    if (notModified(c, buildId)) return c.body(null, 304);
    const json = store.getItem(id);
    if (json === undefined) throw itemNotFound(id);
    return cacheableJson(c, json, buildId, policy);
  });

  // Extension (documented): the item's ancestors, top level first. Clients must not rely on it.
  api.get('/academic-standards/:id/ancestors', (c) => {
    const id = pathUuid(c);
    if (notModified(c, buildId)) return c.body(null, 304);
    const chain = store.ancestors(id);
    if (chain === undefined) throw itemNotFound(id);
    return cacheableJson(c, joinJson('{"data":[', chain, ']}'), buildId, policy);
  });

  api.get('/academic-standards/:id/children', (c) => {
    const id = pathUuid(c);
    const q = Query.fromUrl(c.req.url);
    if (!store.hasParent(id))
      throw notFound(`No standard or framework has the CASE UUID ${id}. Verify the UUID (it is a caseIdentifierUUID, not an identifier).`);
    return paged(c, ['children', id], q, 1000, (after, limit) => store.children(id, after, limit));
  });

  // Extension (documented): a framework's whole outline in a few large pages (items in
  // outline order with their parents), for saving a framework for offline use in a few
  // requests. Clients must not rely on it.
  api.get('/standards-frameworks/:id/outline', (c) => {
    const id = pathUuid(c);
    const q = Query.fromUrl(c.req.url);
    if (!store.hasFramework(id)) throw frameworkNotFound(id);
    return paged(c, ['outline', id], q, OUTLINE_MAX_LIMIT, (after, limit) => store.outline(id, after, limit));
  });

  // Extension (documented): the connections of all of a framework's standards in a few
  // pages, so comparing frameworks or saving one for offline use does not ask once per
  // standard. Clients must not rely on it.
  api.get('/standards-frameworks/:id/connections', (c) => {
    const id = pathUuid(c);
    const q = Query.fromUrl(c.req.url);
    const operation = q.enumOne('operation', CONNECTION_OPERATIONS);
    const filters = { jurisdiction: q.enumOne('jurisdiction', JURISDICTIONS), minJaccardScore: q.number('minJaccardScore', 0, 1) };
    if (!store.hasFramework(id)) throw frameworkNotFound(id);
    return paged(c, ['framework-connections', id, operation, filters], q, 1000, (after, limit) =>
      store.frameworkConnections(id, operation, filters, after, limit),
    );
  });

  // Connections (contract operations 6–9), answered from the table the import built.
  api.get('/academic-standards/:id/crosswalks', (c) => {
    const id = pathUuid(c);
    const q = Query.fromUrl(c.req.url);
    const filters = { jurisdiction: q.enumOne('jurisdiction', JURISDICTIONS), minJaccardScore: q.number('minJaccardScore', 0, 1) };
    if (store.getItem(id) === undefined) throw itemNotFound(id);
    return paged(c, ['crosswalks', id, filters], q, 1000, (after, limit) => store.connections('crosswalks', id, filters, after, limit));
  });
  for (const operation of PROGRESSION_OPERATIONS) {
    api.get(`/academic-standards/:id/${operation}`, (c) => {
      const id = pathUuid(c);
      const q = Query.fromUrl(c.req.url);
      if (store.getItem(id) === undefined) throw itemNotFound(id);
      return paged(c, [operation, id], q, 1000, (after, limit) => store.connections(operation, id, {}, after, limit));
    });
  }

  // Extension (documented): a standard's progression and skills as the app tells them,
  // each derived list marked with what it was derived through, and each crosswalk's
  // evidence counted as its skills are listed (contract/derived). Clients must not rely on it.
  const reader = storeReader(store);
  api.get('/academic-standards/:id/derived-connections', (c) => {
    const id = pathUuid(c);
    if (store.getItem(id) === undefined) throw itemNotFound(id);
    if (notModified(c, buildId)) return c.body(null, 304);
    return cached(c, async () => Buffer.from(JSON.stringify(await derivedConnections(reader, id))));
  });

  return api;
}

/** Words of a `query`, or a 400 when it has none. */
function searchWordsOf(text: string): string[] {
  const words = queryWordsOf(text);
  if (words.length === 0)
    throw validationError('"query" has no words to search for; give at least one letter or digit.', { parameter: 'query' });
  return words;
}

/** The contract's search answer: a bare array of summaries with their score. */
const summaries = (rows: SearchRow[]) => summaryRows(rows, (_, { score }) => ({ score }));

/** The framework search's orders: best match first, or the framework's own (grade by grade). */
const SEARCH_ORDERS = ['relevance', 'outline'] as const;

/** Pages of the outline extension: ~2 MB of JSON, ~200 KB compressed. */
const OUTLINE_MAX_LIMIT = 2000;

const COMMA = Buffer.from(',');

/** `prefix` + items separated by commas + `suffix`, as one buffer (no text re-encoding). */
function joinJson(prefix: string, items: Buffer[], suffix: string): Buffer {
  const parts: Buffer[] = [Buffer.from(prefix)];
  items.forEach((item, i) => {
    if (i) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(suffix));
  return Buffer.concat(parts);
}

const frameworkNotFound = (id: string) =>
  notFound(`No framework has the CASE UUID ${id}. Verify the UUID (it is a framework's caseIdentifierUUID).`);

const itemNotFound = (id: string) =>
  notFound(`No standard has the CASE UUID ${id}. Verify the UUID (it is an item's caseIdentifierUUID, not its identifier).`);
