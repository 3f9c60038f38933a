/**
 * Random requests against the local API: paths, parameters (repeated, missing, huge),
 * bad UTF-8 and percent-encoding, random cursors. Each answer must be a contract
 * response or a contract error, never a 5xx. Bounded by count and time; seeded, so a
 * failure can be replayed.
 */
import { request } from 'node:http';
import * as z from 'zod/mini';
import { apiErrorBodySchema, frameworkSchema, pageSchema, searchResultSchema, standardsItemSchema } from '../../contract/schemas';
import {
  frameworkLearningComponentSchema,
  learningComponentHitSchema,
  learningComponentSchema,
  supportedStandardSchema,
} from '../../contract/learning-component-schemas';

export function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FW = ['c6487102-d7cb-11e8-824f-0242ac160002', 'c6496676-d7cb-11e8-824f-0242ac160002', '00000000-0000-4000-8000-000000000000'];
const ITEMS = [
  '5ebef26f-d7cc-11e8-824f-0242ac160002',
  '5ebfcd53-d7cc-11e8-824f-0242ac160002',
  // Learning components (one of 3.NF.A.1's, and one of six courses' HSF-BF.A.1).
  '188fe970-4e1d-52c4-9f18-5e2fade05494',
  '30e9942d-6877-5459-9fa6-e07e13a1c985',
  ...FW,
];
const PATHS = [
  '/standards-frameworks',
  '/academic-standards',
  '/academic-standards/search',
  '/academic-standards/{id}',
  '/academic-standards/{id}/children',
  '/academic-standards/{id}/ancestors',
  '/academic-standard',
  '/',
  '/academic-standards/{id}/children/extra',
  '/academic-standards/{id}/learning-components',
  '/learning-components',
  '/learning-components/search',
  '/learning-components/{id}',
  '/learning-components/{id}/academic-standards',
  '/standards-frameworks/{id}/learning-components',
];
const PARAMS = [
  'standardsFrameworkCaseIdentifierUUID',
  'gradeLevel',
  'academicSubject',
  'normalizedStatementType',
  'jurisdiction',
  'adoptionStatus',
  'includeNonCurrent',
  'limit',
  'cursor',
  'query',
  'statementCode',
  'x',
];
const VALUES = [
  '3',
  'K',
  'PK',
  '13',
  'Mathematics',
  'Standard',
  'Standard Grouping',
  'California',
  'true',
  'false',
  '0',
  '1',
  '50',
  '1000',
  '1001',
  '-1',
  '1e3',
  'fractions',
  '3.NF.A.1',
  '',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C3%28',
  '%FF%FE',
  '%00',
  'eyJrIjoxfQ',
  'eyJrIjoxLCJxIjoiYSIsInMiOiJiIn0',
  '..%2F..%2Fetc%2Fpasswd',
  '"quoted"',
  'NEAR(a b)',
  '*',
  ...FW,
];

export function randomRequest(rand: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  let path = pick(PATHS).replace('{id}', rand() < 0.8 ? pick(ITEMS) : pick(['x', '%00', '%E0%A4%A', 'a'.repeat(200), '..%2F..']));
  const params: string[] = [];
  const n = Math.floor(rand() * 6);
  for (let i = 0; i < n; i++) {
    let value = pick(VALUES);
    if (rand() < 0.05) value = 'x'.repeat(Math.floor(rand() * 5000));
    if (rand() < 0.05) value = Buffer.from(JSON.stringify({ k: Math.floor(rand() * 3000), q: 'abc', s: 'def' })).toString('base64url');
    params.push(`${pick(PARAMS)}=${value}`);
  }
  if (rand() < 0.1) path = path.toUpperCase();
  // Spaces and quotes cannot travel raw in a request line; everything else does, as sent.
  return `/api/v0${path}${params.length ? `?${params.join('&')}` : ''}`.replace(/ /g, '%20').replace(/"/g, '%22');
}

const bodySchema = z.union([
  apiErrorBodySchema,
  pageSchema(frameworkSchema),
  pageSchema(standardsItemSchema),
  standardsItemSchema,
  z.array(searchResultSchema),
  z.object({ data: z.array(standardsItemSchema) }),
  pageSchema(learningComponentSchema),
  pageSchema(supportedStandardSchema),
  pageSchema(frameworkLearningComponentSchema),
  learningComponentSchema,
  z.array(learningComponentHitSchema),
]);

export interface FuzzReport {
  requests: number;
  byStatus: Record<number, number>;
  failures: Array<{ path: string; status: number; why: string }>;
  seconds: number;
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

export async function fuzz(
  port: number,
  { count, seconds, seed = 1, concurrency = 8 }: { count: number; seconds: number; seed?: number; concurrency?: number },
): Promise<FuzzReport> {
  const rand = prng(seed);
  const deadline = Date.now() + seconds * 1000;
  const report: FuzzReport = { requests: 0, byStatus: {}, failures: [], seconds: 0 };
  const started = Date.now();
  const worker = async () => {
    while (report.requests < count && Date.now() < deadline) {
      const path = randomRequest(rand);
      report.requests++;
      try {
        const { status, body } = await get(port, path);
        report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
        if (status >= 500) report.failures.push({ path, status, why: '5xx' });
        else if (!bodySchema.safeParse(JSON.parse(body)).success) report.failures.push({ path, status, why: 'not a contract body' });
      } catch (e) {
        report.failures.push({ path, status: 0, why: (e as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
