/**
 * Tests talk to the real local API over real data: the project's own copy of the Learning
 * Commons subset (data/learning-commons), and its sample export for Spanish and edge cases.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type AppOptions } from '../app';
import { DEFAULT_DATA, PROJECT_ROOT, SAMPLE_DATA, REAL_DATA } from '../config';
import { ensureDatabase } from '../import/database-cache';
import type { DataSource } from '../import/export-files';
import { StandardsStore } from '../store/standards-store';

export { DEFAULT_DATA, SAMPLE_DATA, REAL_DATA };
export const TEST_CACHE = join(PROJECT_ROOT, '.cache', 'test');

export const CA_MATH = 'c6487102-d7cb-11e8-824f-0242ac160002';
export const CC_MATH = 'c6496676-d7cb-11e8-824f-0242ac160002';

export async function openApi(dataDir: DataSource, options: Omit<AppOptions, 'store'> = {}) {
  const { path } = await ensureDatabase(dataDir, TEST_CACHE);
  const store = new StandardsStore(path);
  const app = createApp({ ...options, store, logError: () => {} });
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.request(url, { headers });
    const text = await response.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, headers: response.headers, body, text };
  };
  return { app, store, get };
}

/** The export read independently of the importer, as the expected answer. */
export function readExport(dataDir: string) {
  const lines = (f: string) =>
    readFileSync(join(dataDir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  const nodes = lines('nodes.jsonl') as Array<{ identifier: string; labels: string[]; properties: Record<string, string> }>;
  const rels = lines('relationships.jsonl') as Array<{ label: string; source_identifier: string; target_identifier: string }>;
  const byGraphId = new Map(nodes.map((n) => [n.identifier, n]));
  const children = new Map<string, string[]>();
  for (const r of rels) {
    if (r.label !== 'hasChild') continue;
    const parent = byGraphId.get(r.source_identifier)!.properties.caseIdentifierUUID!;
    const child = byGraphId.get(r.target_identifier)!.properties.caseIdentifierUUID!;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const items = nodes.filter((n) => n.labels[0] === 'StandardsFrameworkItem');
  const frameworks = nodes.filter((n) => n.labels[0] === 'StandardsFramework');
  /** caseIdentifierUUIDs of every item under a framework, all levels. */
  const descendants = (rootCase: string) => {
    const out: string[] = [];
    const stack = [...(children.get(rootCase) ?? [])];
    while (stack.length) {
      const id = stack.pop()!;
      out.push(id);
      stack.push(...(children.get(id) ?? []));
    }
    return out;
  };
  return { nodes, items, frameworks, children, descendants };
}

/** Follows nextCursor to the end; fails the test on overlap via the returned ids. */
export async function walkPages(get: Awaited<ReturnType<typeof openApi>>['get'], url: string) {
  const ids: string[] = [];
  const pages: any[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const r = await get(cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}: ${r.text}`);
    pages.push(r.body);
    ids.push(...r.body.data.map((d: { caseIdentifierUUID: string }) => d.caseIdentifierUUID));
    if (!r.body.pagination.hasMore) {
      if (r.body.pagination.nextCursor !== null) throw new Error('nextCursor must be null when hasMore is false');
      return { ids, pages };
    }
    cursor = r.body.pagination.nextCursor;
  }
  throw new Error('paging did not end');
}
