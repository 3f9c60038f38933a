/**
 * Build step: the scripts a page's first view needs, in a few files the HTML can ask for
 * at once. Left to itself the bundler cut the framework page's first view into 33 files
 * (one per set of importers, many under 1 KB); over a phone link's six HTTP/1.1
 * connections that is several round trips of queueing, and each route chunk was only
 * discovered after the entry ran. Here every module is grouped by which first views load
 * it statically, so a page needs the entry, `view-core` and at most three more:
 *
 * - `view-core`: everything the entry imports statically (always loaded with it);
 * - `view-layout`: the full app's frame (header, notices, footer), not the embed's;
 * - `view-browse`: the framework page route and what only it needs;
 * - `view-embed`: the embed route and what only it needs;
 * - `view-tree`: what both the framework page and the embed need (the tree);
 * - `view-deferred`: what the framework page needs at once and the embed loads later
 *   (its search, loaded on the first focus): kept apart so neither loads the other's code;
 * - `view-progression`: the progression page's own code (it loads the framework page's
 *   groups too): one file its HTML asks for, not some twenty discovered one after another.
 *
 * A module no first view imports statically keeps its own lazy chunk, so nothing lazy
 * becomes eager and no page loads a byte more than before. The plugin also writes
 * `first-view.json` (group → file), from which the server adds `modulepreload` links to
 * the page's HTML (`server/page-html.ts`).
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export const FIRST_VIEW_MANIFEST = 'first-view.json';
const GROUPS = ['view-core', 'view-tree', 'view-layout', 'view-deferred', 'view-browse', 'view-embed', 'view-progression'] as const;
export type FirstViewGroup = (typeof GROUPS)[number];

interface Graph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Modules reachable from `roots` through static imports, roots included. */
function staticClosure(graph: Graph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The lazily loaded parts of a route file (the router plugin splits its component into
 * `<file>?tsr-split=…` modules, imported dynamically by the route file).
 */
function routeParts(graph: Graph, routeFile: string): string[] {
  return (graph.getModuleInfo(routeFile)?.dynamicallyImportedIds ?? []).filter((id) => id.startsWith(`${routeFile}?`));
}

export function groupsOf(graph: Graph, root: string): (id: string) => FirstViewGroup | null {
  const src = resolve(root, 'src');
  const entry = resolve(src, 'main.tsx');
  const core = staticClosure(graph, [entry]);
  const page = (file: string) => {
    const all = staticClosure(graph, routeParts(graph, resolve(src, 'routes', file)));
    for (const id of core) all.delete(id);
    return all;
  };
  const layout = page('_app.tsx');
  const browse = page('_app/frameworks.$frameworkId.tsx');
  const embed = page('embed.tsx');
  const progression = page('_app/progressions.$uuid.tsx');
  const embedLater = staticClosure(
    graph,
    [...embed].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
  );
  return (id) => {
    if (core.has(id)) return id === entry ? null : 'view-core';
    if (embed.has(id)) return browse.has(id) || layout.has(id) ? 'view-tree' : 'view-embed';
    if (layout.has(id)) return 'view-layout';
    if (browse.has(id)) return embedLater.has(id) ? 'view-deferred' : 'view-browse';
    if (progression.has(id)) return 'view-progression';
    return null;
  };
}

export function firstViewChunksPlugin(): Plugin {
  let root = process.cwd();
  let groupOf: ((id: string) => FirstViewGroup | null) | null = null;
  return {
    name: 'standards-explorer:first-view-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // One group per name, in priority order: a group also takes the static
              // imports of what it captures, so the groups loaded by more pages choose first.
              groups: GROUPS.map((group, i) => ({
                name: (id: string, ctx: Graph) => ((groupOf ??= groupsOf(ctx, root))(id) === group ? group : null),
                debugName: group,
                priority: GROUPS.length - i,
              })),
            },
          },
        },
      },
    }),
    generateBundle(_options, bundle) {
      const files: Partial<Record<FirstViewGroup, string>> = {};
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.name.startsWith('view-')) files[chunk.name as FirstViewGroup] = chunk.fileName;
      this.emitFile({ type: 'asset', fileName: FIRST_VIEW_MANIFEST, source: JSON.stringify(files, null, 2) });
    },
  };
}
