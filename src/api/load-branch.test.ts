/**
 * A branch exports whole, however many children a parent has: a generated export with
 * one parent of 5,000 children, served by the real local API, read from a fresh cache.
 */
import { QueryClient } from '@tanstack/react-query';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardsItemSchema } from '../../contract/schemas';
import { getJson } from '../lib/api-client';
import { useSavedStoreForTests } from '../lib/saved-standards';
import { memoryStore } from '../lib/key-value-store';
import { openApi } from '../../server/test-support/real-api';
import { listen } from '../../server/test-support/listen';
import { loadBranch } from './load-branch';
import { wideBranchLines } from '../../server/test-support/wide-branch';

const CHILDREN = 5000;
const FRAMEWORK = 'f0000000-0000-4000-8000-000000000000';
const PARENT = 'a0000000-0000-4000-8000-000000000000';
const childId = (i: number) => `c0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function writeExport(dir: string) {
  const common = {
    jurisdiction: 'Multi-State',
    academicSubject: 'Mathematics',
    inLanguage: 'en-US',
    author: 'Tests',
    provider: 'Tests',
    license: 'https://creativecommons.org/licenses/by/4.0/',
    attributionStatement: 'Wide-branch fixture. CC BY-4.0.',
  };
  const framework = JSON.stringify({
    type: 'node',
    identifier: 'g-fw',
    labels: ['StandardsFramework'],
    properties: {
      identifier: 'g-fw',
      ...common,
      caseIdentifierUUID: FRAMEWORK,
      name: 'Wide',
      isCurrent: 'true',
      adoptionStatus: 'Adopted',
    },
  });
  const branch = wideBranchLines({ frameworkNode: 'g-fw', parent: PARENT, code: 'W', children: CHILDREN, childId, common });
  writeFileSync(join(dir, 'nodes.jsonl'), [framework, ...branch.nodes].join('\n') + '\n');
  writeFileSync(join(dir, 'relationships.jsonl'), branch.relationships.join('\n') + '\n');
}

describe('branch export and print of a parent with 5,000 children', () => {
  const dir = mkdtempSync(join(tmpdir(), 'standards-wide-'));
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    writeExport(dir);
    server = await listen((await openApi(dir)).app.fetch);
    useSavedStoreForTests(memoryStore());
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pages through every child from a fresh cache, in natural order', async () => {
    const source = { baseUrl: `${server.url}/api/v0` };
    const root = await getJson(source, `/academic-standards/${PARENT}`, standardsItemSchema);
    const entries = await loadBranch(
      new QueryClient(),
      source,
      root,
      { caseIdentifierUUID: FRAMEWORK, name: 'Wide' },
      () => {},
      new AbortController().signal,
    );
    expect(entries).toHaveLength(CHILDREN + 1);
    expect(new Set(entries.map((e) => e.item.caseIdentifierUUID)).size).toBe(CHILDREN + 1);
    expect(entries.slice(1, 4).map((e) => e.item.statementCode)).toEqual(['W.1', 'W.2', 'W.3']);
    expect(entries.at(-1)!.item.statementCode).toBe(`W.${CHILDREN}`);
  });
});
