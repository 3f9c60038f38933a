import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { groupsOf } from './first-view-chunks';
import { CA_MATH, REAL_DATA, openApi } from './test-support/real-api';

const FILES = {
  'view-core': 'assets/view-core-a1.js',
  'view-layout': 'assets/view-layout-b2.js',
  'view-browse': 'assets/view-browse-c3.js',
  'view-embed': 'assets/view-embed-d4.js',
  'view-tree': 'assets/view-tree-e5.js',
  'view-deferred': 'assets/view-deferred-f6.js',
  'view-progression': 'assets/view-progression-g7.js',
};
const STYLES = 'assets/view-core-s1.css';
const CSS = '.flex{display:flex}'.repeat(600);

function builtApp({ manifest = true } = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  const page = (frame: string) =>
    `<!doctype html><html><head><title>app</title>\n    <link rel="stylesheet" crossorigin href="/${STYLES}">\n  </head><body><div id="root"><!-- first-screen -->${frame}<!-- /first-screen --></div></body></html>`;
  writeFileSync(join(dist, STYLES), CSS);
  writeFileSync(join(dist, 'index.html'), page('app frame'));
  writeFileSync(join(dist, 'embed.html'), page('picker frame'));
  if (manifest) writeFileSync(join(dist, 'first-view.json'), JSON.stringify(FILES));
  return dist;
}

async function pageAt(path: string, options: { manifest?: boolean } = {}, headers: Record<string, string> = {}) {
  const { app } = await openApi(REAL_DATA, { distDir: builtApp(options) });
  const r = await app.request(path, { headers });
  if (headers['accept-encoding']) return { response: r as Response | undefined, html: '', modules: [] as string[], data: [] as string[] };
  expect(r.status, path).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/text\/html/);
  const html = await r.text();
  const head = html.slice(0, html.indexOf('</head>'));
  return {
    html,
    modules: [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
    data: [...head.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
  };
}

describe('page HTML', () => {
  it('a framework page asks at once for its script groups and its first two API answers, exactly as the app asks', async () => {
    const p = await pageAt(`/frameworks/${CA_MATH}?grades=3`);
    expect(p.html).toContain('data-first-screen'); // drawn where the frame stood
    expect(p.modules).toEqual([
      '/assets/view-layout-b2.js',
      '/assets/view-browse-c3.js',
      '/assets/view-deferred-f6.js',
      '/assets/view-tree-e5.js',
    ]);
    expect(p.data).toEqual(['/api/v0/standards-frameworks?limit=1000', `/api/v0/academic-standards/${CA_MATH}/children?limit=1000`]);
  });

  it('the List view does not preload the top level it never asks for', async () => {
    const p = await pageAt(`/frameworks/${CA_MATH}?view=list`);
    expect(p.data).toEqual(['/api/v0/standards-frameworks?limit=1000']);
  });

  it('the embed gets the picker’s frame and its own groups', async () => {
    const p = await pageAt(`/embed?framework=${CA_MATH}&mode=multiple`);
    expect(p.html).toContain('picker frame');
    expect(p.html).not.toContain('app frame');
    expect(p.modules).toEqual(['/assets/view-embed-d4.js', '/assets/view-tree-e5.js']);
    expect(p.data).toEqual(['/api/v0/standards-frameworks?limit=1000', `/api/v0/academic-standards/${CA_MATH}/children?limit=1000`]);
    const chooser = await pageAt('/embed?jurisdiction=California');
    expect(chooser.data).toEqual(['/api/v0/standards-frameworks?limit=1000']);
  });

  it('a hostile or broken link preloads nothing from its text and is never written into the page', async () => {
    for (const id of ['not-a-uuid', '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', `${CA_MATH}%22%20onload%3D%22x`]) {
      const p = await pageAt(`/frameworks/${id}`);
      expect(p.data, id).toEqual(['/api/v0/standards-frameworks?limit=1000']);
      expect(p.html).not.toContain('<script>alert');
      expect(p.html).not.toContain('onload');
      const embed = await pageAt(`/embed?framework=${id}`);
      expect(embed.data, id).toEqual(['/api/v0/standards-frameworks?limit=1000']);
    }
  });

  it('other app pages preload the layout only; a build without the manifest serves the page unchanged', async () => {
    expect((await pageAt('/settings')).modules).toEqual(['/assets/view-layout-b2.js']);
    expect((await pageAt('/items/x')).data).toEqual([]);
    const bare = await pageAt(`/frameworks/${CA_MATH}`, { manifest: false });
    expect(bare.modules).toEqual([]);
    expect(bare.data).toHaveLength(2);
  });
});

describe('page HTML on a slow link', () => {
  it('a progression page asks at once for its code and its standard’s first answers, exactly as the app asks', async () => {
    const id = '6b9bf846-d7cc-11e8-824f-0242ac160002';
    const p = await pageAt(`/progressions/${id}`);
    expect(p.modules).toEqual([
      '/assets/view-layout-b2.js',
      '/assets/view-progression-g7.js',
      '/assets/view-browse-c3.js',
      '/assets/view-deferred-f6.js',
      '/assets/view-tree-e5.js',
    ]);
    expect(p.data).toEqual([
      `/api/v0/academic-standards/${id}`,
      ...['prerequisites', 'builds-towards', 'related-standards', 'crosswalks'].map(
        (op) => `/api/v0/academic-standards/${id}/${op}?limit=1000`,
      ),
    ]);
    expect((await pageAt('/progressions/not-a-uuid')).data).toEqual([]);
  });

  it('a page that carries its first screen carries its styles, with the sheet’s link kept disabled; others link it', async () => {
    const framework = await pageAt(`/frameworks/${CA_MATH}?grades=3`);
    expect(framework.html).toContain('data-first-screen');
    expect(framework.html).toContain(`<style>${CSS}</style>`);
    expect(framework.html).toContain(`<link rel="stylesheet" crossorigin href="/${STYLES}" disabled>`);
    const settings = await pageAt('/settings');
    expect(settings.html).not.toContain('<style>');
    expect(settings.html).toContain(`<link rel="stylesheet" crossorigin href="/${STYLES}">`);
  });

  it('pages go out compressed to a browser that accepts it, the same page as plain', async () => {
    const path = `/frameworks/${CA_MATH}?grades=3`;
    const plain = await pageAt(path);
    const response = (await pageAt(path, {}, { 'accept-encoding': 'gzip, br' })).response!;
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(plain.html.length / 3);
    expect(brotliDecompressSync(bytes).toString()).toBe(plain.html);
  });
});

describe('first-view groups', () => {
  // A module graph shaped like the app's: the entry, route files whose components are
  // split into `?tsr-split` parts, and modules shared in every combination.
  const root = '/app';
  const id = (p: string) => `${root}/src/${p}`;
  const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
    [id('main.tsx')]: {
      importedIds: [id('routes/_app.tsx'), id('routes/_app/frameworks.$frameworkId.tsx'), id('routes/embed.tsx'), 'react'],
      dynamicallyImportedIds: [],
    },
    react: { importedIds: [], dynamicallyImportedIds: [] },
    [id('routes/_app.tsx')]: { importedIds: [], dynamicallyImportedIds: [id('routes/_app.tsx?tsr-split=component')] },
    [id('routes/_app/frameworks.$frameworkId.tsx')]: {
      importedIds: ['react'],
      dynamicallyImportedIds: [id('routes/_app/frameworks.$frameworkId.tsx?tsr-split=component')],
    },
    [id('routes/embed.tsx')]: { importedIds: [], dynamicallyImportedIds: [id('routes/embed.tsx?tsr-split=component')] },
    [id('routes/_app.tsx?tsr-split=component')]: { importedIds: ['chrome', 'footer'], dynamicallyImportedIds: [] },
    [id('routes/_app/frameworks.$frameworkId.tsx?tsr-split=component')]: {
      importedIds: ['tree', 'search', 'react'],
      dynamicallyImportedIds: ['katex'],
    },
    [id('routes/embed.tsx?tsr-split=component')]: { importedIds: ['tree', 'tray', 'footer'], dynamicallyImportedIds: [] },
    tray: { importedIds: [], dynamicallyImportedIds: ['search'] },
    chrome: { importedIds: [], dynamicallyImportedIds: [] },
    footer: { importedIds: [], dynamicallyImportedIds: [] },
    tree: { importedIds: ['virtual'], dynamicallyImportedIds: [] },
    virtual: { importedIds: [], dynamicallyImportedIds: [] },
    search: { importedIds: ['search-box'], dynamicallyImportedIds: [] },
    'search-box': { importedIds: [], dynamicallyImportedIds: [] },
    katex: { importedIds: [], dynamicallyImportedIds: [] },
  };
  const groupOf = groupsOf({ getModuleInfo: (m) => graph[m] ?? null }, root);

  it('groups each module by the first views that import it statically; lazy modules stay lazy', () => {
    expect(groupOf(id('main.tsx'))).toBeNull(); // the entry stays the entry
    expect(groupOf('react')).toBe('view-core');
    expect(groupOf(id('routes/embed.tsx'))).toBe('view-core'); // route files: the router's table
    expect(groupOf(id('routes/_app.tsx?tsr-split=component'))).toBe('view-layout');
    expect(groupOf('chrome')).toBe('view-layout');
    expect(groupOf(id('routes/_app/frameworks.$frameworkId.tsx?tsr-split=component'))).toBe('view-browse');
    expect(groupOf('virtual')).toBe('view-tree');
    // The framework page's search, which the embed loads on first focus: apart from both.
    expect(groupOf('search')).toBe('view-deferred');
    expect(groupOf('search-box')).toBe('view-deferred');
    expect(groupOf(id('routes/embed.tsx?tsr-split=component'))).toBe('view-embed');
    expect(groupOf('tray')).toBe('view-embed');
    expect(groupOf('tree')).toBe('view-tree');
    expect(groupOf('footer')).toBe('view-tree'); // the layout's and the embed's
    expect(groupOf('katex')).toBeNull();
  });
});
