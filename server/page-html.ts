/**
 * The HTML of an app page: the built index.html (embed.html under /embed: its frame is
 * the picker's, not the full app's), with links that let the browser ask at once for
 * what the page's first view needs, instead of discovering it script by script:
 *
 * - `modulepreload` for the page's script groups (`first-view-chunks.ts`): the route's
 *   code leaves with the entry instead of after it has run;
 * - `preload` of the first API answers on a framework page or an embedded picker (the
 *   framework list and the framework's top level), so the data is on its way while the
 *   scripts still download. The URLs are exactly those the app asks for
 *   (`src/api/standards.ts`, `src/api/frameworks.ts`), or the browser fetches twice.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UUID_PATTERN } from '../contract/uuid';
import { FIRST_VIEW_MANIFEST, type FirstViewGroup } from './first-view-chunks';

interface PagePlan {
  groups: FirstViewGroup[];
  /** API paths (below the API base) the page's first view asks for. */
  api: string[];
}

const firstAnswers = (frameworkId: string | null, view: string | null) => [
  '/standards-frameworks?limit=1000',
  // The List view asks for pages of the framework's items instead of its top level.
  ...(frameworkId && UUID_PATTERN.test(frameworkId) && view !== 'list' ? [`/academic-standards/${frameworkId}/children?limit=1000`] : []),
];

/** What a page path's first view loads. */
export function pagePlan(url: URL): PagePlan {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/embed')
    return { groups: ['view-embed', 'view-tree'], api: firstAnswers(url.searchParams.get('framework'), url.searchParams.get('view')) };
  const framework = /^\/frameworks\/([^/]+)$/.exec(path);
  if (framework)
    return {
      groups: ['view-layout', 'view-browse', 'view-deferred', 'view-tree'],
      api: firstAnswers(framework[1]!, url.searchParams.get('view')),
    };
  const progression = /^\/progressions\/([^/]+)$/.exec(path);
  if (progression && UUID_PATTERN.test(progression[1]!)) {
    const id = progression[1]!;
    return {
      groups: ['view-layout', 'view-progression', 'view-browse', 'view-deferred', 'view-tree'],
      // The standard and its first step each way (src/api/connections.ts asks for these first).
      api: [
        `/academic-standards/${id}`,
        ...['prerequisites', 'builds-towards', 'related-standards', 'crosswalks'].map((op) => `/academic-standards/${id}/${op}?limit=1000`),
      ],
    };
  }
  if (path === '/print') return { groups: [], api: [] };
  return { groups: ['view-layout'], api: [] };
}

function readJson(path: string): Partial<Record<FirstViewGroup, string>> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Partial<Record<FirstViewGroup, string>>;
  } catch {
    return {}; // a build without the manifest: the page works, only without the hints
  }
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;

/**
 * A page that carries its first screen carries its styles too: on a slow phone link the
 * stylesheet, fetched beside the scripts, was what held the first paint back (about 300 ms
 * of slow 4G). The link stays, disabled (never fetched), so the bundler's loader, which
 * looks for it before a lazy part's styles, does not fetch the same sheet again.
 */
function inlineStyles(html: string, distDir: string): string {
  const link = STYLESHEET.exec(html);
  if (!link) return html;
  let css: string;
  try {
    css = readFileSync(join(distDir, link[1]!), 'utf8');
  } catch {
    return html;
  }
  if (/<\/style/i.test(css)) return html;
  return html.replace(link[0], () => `<style>${css}</style>\n    ${link[0].replace('>', ' disabled>')}`);
}

/** Where the built page marks its loading frame: a page's own first screen may stand there instead. */
const FIRST_SCREEN = /<!-- first-screen -->[\s\S]*?<!-- \/first-screen -->/;

/**
 * The page for `url`, or null when the app is not built. Read on every request (a few KB):
 * `npm start` may rebuild the app while the server runs. `firstScreen` (first-screen.ts) is
 * drawn in place of the loading frame where the page has one.
 */
export function pageHtml(distDir: string, url: URL, apiBase: string | null, firstScreen: string | null = null): string | null {
  const { groups, api } = pagePlan(url);
  const embedPage = join(distDir, 'embed.html');
  const file = groups.includes('view-embed') && existsSync(embedPage) ? embedPage : join(distDir, 'index.html');
  if (!existsSync(file)) return null;
  const read = readFileSync(file, 'utf8');
  // The frame's word to a browser without JavaScript stays above the first screen.
  const html = firstScreen
    ? inlineStyles(
        read.replace(FIRST_SCREEN, (frame) => `${/<noscript[\s\S]*?<\/noscript>/.exec(frame)?.[0] ?? ''}\n${firstScreen}`),
        distDir,
      )
    : read;
  const files = readJson(join(distDir, FIRST_VIEW_MANIFEST));
  const links = [
    ...groups.flatMap((g) => (files[g] ? [`<link rel="modulepreload" crossorigin href="/${files[g]}">`] : [])),
    // `crossorigin` (anonymous): a same-origin fetch() without credentials options, as the app's.
    ...(apiBase ? api.map((p) => `<link rel="preload" as="fetch" crossorigin href="${apiBase}${p}">`) : []),
  ];
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}
