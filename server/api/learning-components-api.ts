/**
 * Learning components (contract operations 10–13) and the local extensions that follow a
 * skill to its standards and take a framework's skills in a few pages. Same errors,
 * paging, keys and caching as the other operations (the helpers come from local-api.ts).
 */
import type { Context, Hono } from 'hono';
import { ACADEMIC_SUBJECTS } from '../../contract/schemas';
import type { Rows, StandardsStore } from '../store/standards-store';
import { wordQuery } from '../search/word-query';
import { notFound, shown, validationError } from './errors';
import { Query, UUID_PATTERN } from './params';

export interface RouteHelpers {
  store: StandardsStore;
  paged: (
    c: Context,
    operation: unknown[],
    query: Query,
    maxLimit: number,
    run: (after: number, limit: number) => Rows,
  ) => Response | Promise<Response>;
  cached: (c: Context, build: () => Buffer) => Promise<Response>;
  notModified: (c: Context) => boolean;
  pathUuid: (c: Context) => string;
  searchWordsOf: (text: string) => string[];
  itemNotFound: (id: string) => Error;
  frameworkNotFound: (id: string) => Error;
}

/** Pages of the framework extension: ~1 MB of JSON, ~60 KB compressed. */
const FRAMEWORK_MAX_LIMIT = 2000;

export function learningComponentRoutes(api: Hono, h: RouteHelpers) {
  const { store } = h;

  const skillIdentifier = (c: Context) => {
    const id = c.req.param('id') ?? '';
    if (!UUID_PATTERN.test(id)) {
      throw validationError(
        `The path needs a learning component's identifier, a UUID such as 0013fbee-3e76-500f-9978-42aa1a65f105; got ${shown(id)}.`,
        {
          parameter: 'identifier',
        },
      );
    }
    return id.toLowerCase();
  };
  const skillNotFound = (id: string) =>
    notFound(`No learning component has the identifier ${id}. Verify the identifier (search /learning-components/search to find one).`);

  api.get('/learning-components', (c) => {
    const q = Query.fromUrl(c.req.url);
    const subject = q.one('academicSubject');
    // The contract answers 400 (not 422) for a missing or unknown subject here.
    if (subject === undefined || !(ACADEMIC_SUBJECTS as readonly string[]).includes(subject)) {
      throw validationError(
        `"academicSubject" is required and must be one of: ${ACADEMIC_SUBJECTS.join(', ')}; ${subject === undefined ? 'it is missing' : `got ${shown(subject)}`}.`,
        { parameter: 'academicSubject', allowed: ACADEMIC_SUBJECTS },
      );
    }
    return h.paged(c, ['learning-components', subject], q, 1000, (after, limit) => store.skills.list(subject, after, limit));
  });

  api.get('/learning-components/search', (c) => {
    const q = Query.fromUrl(c.req.url);
    const text = q.text('query', 500);
    if (text === undefined)
      throw validationError('"query" is required: the words a skill should hold (1–500 characters).', { parameter: 'query' });
    const subject = q.enumOne('academicSubject', ACADEMIC_SUBJECTS);
    const limit = q.limit(50, 5);
    const words = h.searchWordsOf(text);
    if (h.notModified(c)) return c.body(null, 304);
    return h.cached(c, () => {
      const hits = store.skills.search(wordQuery(words), subject, limit).map(({ json, score }) => {
        const { identifier, description, author, provider, license, attributionStatement } = JSON.parse(json.toString('utf8')) as Record<
          string,
          unknown
        >;
        return { identifier, description, author, provider, license, attributionStatement, score };
      });
      return Buffer.from(JSON.stringify(hits));
    });
  });

  api.get('/learning-components/:id', (c) => {
    const id = skillIdentifier(c);
    if (h.notModified(c)) return c.body(null, 304);
    const json = store.skills.get(id);
    if (json === undefined) throw skillNotFound(id);
    return h.cached(c, () => json);
  });

  // Extension (documented): the standards a skill supports, in every framework.
  api.get('/learning-components/:id/academic-standards', (c) => {
    const id = skillIdentifier(c);
    const q = Query.fromUrl(c.req.url);
    if (store.skills.get(id) === undefined) throw skillNotFound(id);
    return h.paged(c, ['skill-standards', id], q, 1000, (after, limit) => store.skills.standardsOf(id, after, limit));
  });

  api.get('/academic-standards/:id/learning-components', (c) => {
    const id = h.pathUuid(c);
    const q = Query.fromUrl(c.req.url);
    if (store.getItem(id) === undefined) throw h.itemNotFound(id);
    return h.paged(c, ['standard-skills', id], q, 1000, (after, limit) => store.skills.ofStandard(id, after, limit));
  });

  // Extension (documented): every skill of a framework's standards in a few pages, so
  // saving a framework for offline use does not ask once per standard.
  api.get('/standards-frameworks/:id/learning-components', (c) => {
    const id = h.pathUuid(c);
    const q = Query.fromUrl(c.req.url);
    if (!store.hasFramework(id)) throw h.frameworkNotFound(id);
    return h.paged(c, ['framework-skills', id], q, FRAMEWORK_MAX_LIMIT, (after, limit) => store.skills.ofFramework(id, after, limit));
  });
}
