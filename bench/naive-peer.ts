/**
 * The naive peer the local API is compared with: the same export held in memory as
 * objects, a plain `node:http` server, `JSON.stringify` per request, a linear scan for
 * search. What anyone would write first; the local API must beat it where stored bytes
 * and kept answers should (list pages) and show where it does not.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

type Props = Record<string, unknown> & { caseIdentifierUUID: string; description?: string; statementCode?: string };

function readLines(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export async function startNaivePeer(dataDir: string): Promise<{ base: string; close: () => void }> {
  const byIdentifier = new Map<string, Props>();
  const items = new Map<string, Props>();
  const frameworks: Props[] = [];
  for (const n of readLines(join(dataDir, 'nodes.jsonl'))) {
    const labels = n.labels as string[];
    const props = n.properties as Props;
    byIdentifier.set(n.identifier as string, props);
    if (labels.includes('StandardsFramework')) frameworks.push(props);
    else if (labels.includes('StandardsFrameworkItem')) items.set(props.caseIdentifierUUID, props);
  }
  const children = new Map<string, Props[]>();
  for (const r of readLines(join(dataDir, 'relationships.jsonl'))) {
    if (r.label !== 'hasChild') continue;
    const parent = byIdentifier.get(r.source_identifier as string);
    const child = byIdentifier.get(r.target_identifier as string);
    if (!parent || !child) continue;
    const list = children.get(parent.caseIdentifierUUID) ?? [];
    list.push(child);
    children.set(parent.caseIdentifierUUID, list);
  }
  const inFramework = new Map<string, Props[]>();
  for (const f of frameworks) {
    const all: Props[] = [];
    const walk = (id: string) => {
      for (const c of children.get(id) ?? []) {
        all.push(c);
        walk(c.caseIdentifierUUID);
      }
    };
    walk(f.caseIdentifierUUID);
    inFramework.set(f.caseIdentifierUUID, all);
  }
  const withChildren = (p: Props) => ({ ...p, hasChildren: children.has(p.caseIdentifierUUID) });
  const page = (list: Props[], limit: number) => ({
    data: list.slice(0, limit).map(withChildren),
    pagination: { limit, nextCursor: list.length > limit ? String(limit) : null, hasMore: list.length > limit },
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const path = url.pathname.replace('/api/v0', '');
    let body: unknown;
    let m: RegExpExecArray | null;
    if (path === '/standards-frameworks') body = page(frameworks, limit);
    else if (path === '/academic-standards/search') {
      const code = url.searchParams.get('statementCode');
      const words = (url.searchParams.get('query') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const hits = [...items.values()].filter((i) =>
        code ? i.statementCode === code : words.every((w) => (i.description ?? '').toLowerCase().includes(w)),
      );
      body = hits.slice(0, Number(url.searchParams.get('limit') ?? 5));
    } else if (path === '/academic-standards')
      body = page(inFramework.get(url.searchParams.get('standardsFrameworkCaseIdentifierUUID') ?? '') ?? [], limit);
    else if ((m = /^\/academic-standards\/([^/]+)\/children$/.exec(path))) body = page(children.get(m[1]!) ?? [], limit);
    else if ((m = /^\/academic-standards\/([^/]+)$/.exec(path))) body = items.has(m[1]!) ? withChildren(items.get(m[1]!)!) : undefined;
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"NotFoundError"}');
      return;
    }
    const json = JSON.stringify(body);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
