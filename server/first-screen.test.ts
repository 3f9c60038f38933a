import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CA_MATH, CC_MATH, REAL_DATA, openApi } from './test-support/real-api';
import { firstRows } from './first-screen';

function builtApp() {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>app</title>\n  </head><body><div id="root"><main><!-- first-screen --><noscript>needs JavaScript</noscript><p>loading frame</p><!-- /first-screen --></main></div></body></html>',
  );
  return dist;
}

describe("a framework page's first screen, drawn from the store", async () => {
  const { app, store } = await openApi(REAL_DATA, { distDir: builtApp() });
  const page = async (path: string) => (await app.request(path)).text();
  const codes = (html: string) => [...html.matchAll(/<bdi[^>]*>([^<]+)<\/bdi>/g)].map((m) => m[1]);

  it('opens the outline for the grade, as the browser does, down to its first standards', async () => {
    const html = await page(`/frameworks/${CC_MATH}?grades=4`);
    expect(html).not.toContain('loading frame');
    expect(html).toContain('<noscript>needs JavaScript</noscript>');
    expect(html).toContain('aria-hidden="true" data-first-screen');
    expect(html).toContain('Common Core State Standards for Math');
    // Content, grade, domain, cluster open: the first standard is on the first screen.
    expect(codes(html).slice(0, 2)).toEqual(['4.G.A', '4.G.A.1']);
    expect(html).toMatch(/4\.G\.A\.1<\/bdi>Draw points, lines, line segments/);
    expect(codes(html).every((c) => c!.startsWith('4.'))).toBe(true);
  });

  it("follows the page's filters and its framework, and opens nothing without a filter", async () => {
    const rows = await firstRows(store, CA_MATH, { grades: ['3'], subject: undefined, type: undefined });
    expect(rows.filter((r) => r.item.statementCode).every((r) => r.item.gradeLevel?.includes('3'))).toBe(true);
    expect(rows.some((r) => r.item.normalizedStatementType === 'Standard')).toBe(true);
    const top = await firstRows(store, CC_MATH, { grades: [], subject: undefined, type: undefined });
    expect(top.every((r) => r.level === 1 && r.expanded === false)).toBe(true);
  });

  it('leaves the loading frame where the app draws the first screen itself, or the link is bad', async () => {
    for (const path of [
      `/frameworks/${CC_MATH}?view=list`,
      `/frameworks/${CC_MATH}?item=6b9bf846-d7cc-11e8-824f-0242ac160002`,
      '/frameworks/not-a-uuid',
      '/frameworks/00000000-0000-0000-0000-000000000000',
      '/sets',
    ])
      expect(await page(path), path).toContain('loading frame');
    // Grades it does not know are dropped, as the app drops them: the whole outline's top level.
    expect(codes(await page(`/frameworks/${CC_MATH}?grades=99,<script>`))).toEqual([]);
    expect(await page(`/frameworks/${CC_MATH}?grades=99,<script>`)).not.toContain('<script>');
  });
});
