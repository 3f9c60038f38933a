/**
 * The physical limit of scrolling a framework's rows on this machine: the same rows (code
 * and plain text, in the List view's order) as a bare HTML list, every row in the page, no
 * script, served by the bench itself. The app's rows are measured against it in the same run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toPlainText } from '../contract/plain-text';
import type { StandardsItem } from '../contract/schemas';
import { escapeHtml } from '../server/escape-html';

/** Every item of a framework in the API's list order (the List view's), page by page. */
async function listOrder(base: string, frameworkId: string): Promise<StandardsItem[]> {
  const items: StandardsItem[] = [];
  let cursor: string | null = null;
  do {
    const url = new URL(`${base}/api/v0/academic-standards`);
    url.searchParams.set('standardsFrameworkCaseIdentifierUUID', frameworkId);
    url.searchParams.set('limit', '1000');
    if (cursor) url.searchParams.set('cursor', cursor);
    const page = (await (await fetch(url)).json()) as {
      data: StandardsItem[];
      pagination: { hasMore: boolean; nextCursor: string | null };
    };
    items.push(...page.data);
    cursor = page.pagination.hasMore ? page.pagination.nextCursor : null;
  } while (cursor);
  return items;
}

export const BARE_LIST_END = 'End of the bare list';

function html(items: StandardsItem[]): string {
  const rows = items
    .map(
      (i) => `<li>${i.statementCode ? `<b>${escapeHtml(i.statementCode)}</b> ` : ''}${escapeHtml(toPlainText(i.description) ?? '')}</li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare list</title><style>body{margin:0;font:14px/24px system-ui,sans-serif}ul{list-style:none;margin:0;padding:0}li{padding:10px 12px;border-bottom:1px solid #eee;overflow-wrap:anywhere}</style>
</head><body><ul>${rows}</ul><p>${BARE_LIST_END}</p></body></html>`;
}

/** Serves the bare list of `frameworkId` on a free port until `stop`. */
export async function serveBareList(base: string, frameworkId: string): Promise<{ url: string; rows: number; stop: () => void }> {
  const items = await listOrder(base, frameworkId);
  const body = Buffer.from(html(items));
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, rows: items.length, stop: () => server.close() };
}
