/**
 * "Which standards does this task address?" measured. Relevance: the public problems
 * (bench/data/alignment-tasks.json, a copy of the shared set: 45 problems, each written
 * for one Common Core Math standard; the query is the whole problem) aligned in Common
 * Core Math (and California Math, whose codes are the same for most of them), online (the
 * local API's POST …/align) and offline (the framework saved as the app saves it, ranked
 * on the device), beside a naive peer computed in the same run: BM25 over the
 * descriptions, the whole problem as the query. hit@5 and MRR@10 on the exact standard
 * (`want`), and on its cluster or components (`near`: a result within them counts).
 *
 * Load: `align` with 2,000-character texts under 10 connections on the full-size export,
 * each text different (no kept answer), and browsing measured beside it.
 */
import autocannon from 'autocannon';
import { alignOnDevice } from '../src/api/align-on-device';
import tasks from './data/alignment-tasks.json';
import { figure, type Figure } from './report';
import { naivePeer, savedFrameworks } from './relevance';

const RUNS = Number(process.env.RUNS ?? 5);

const FRAMEWORKS = [
  ['Common Core Math', 'c6496676-d7cb-11e8-824f-0242ac160002'],
  ['California Math', 'c6487102-d7cb-11e8-824f-0242ac160002'],
] as const;

interface Scores {
  hitAt5: number;
  mrrAt10: number;
  nearHitAt5: number;
  nearMrrAt10: number;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** hit@5 and MRR@10 of one ranker over the public problems, exact and near: `codes` answers a text's codes, best first. */
async function scoresOf(codes: (text: string) => Promise<Array<string | null>>): Promise<Scores> {
  const sums = { hit: 0, mrr: 0, nearHit: 0, nearMrr: 0 };
  for (const t of tasks) {
    const found = (await codes(t.text)).slice(0, 10);
    const exact = found.findIndex((c) => c !== null && t.want.includes(c));
    const near = found.findIndex((c) => c !== null && (t.want.includes(c) || t.near.some((n) => c === n || c.startsWith(`${n}.`))));
    if (exact >= 0 && exact < 5) sums.hit++;
    if (exact >= 0) sums.mrr += 1 / (exact + 1);
    if (near >= 0 && near < 5) sums.nearHit++;
    if (near >= 0) sums.nearMrr += 1 / (near + 1);
  }
  const n = tasks.length;
  return {
    hitAt5: round(sums.hit / n),
    mrrAt10: round(sums.mrr / n),
    nearHitAt5: round(sums.nearHit / n),
    nearMrrAt10: round(sums.nearMrr / n),
  };
}

/** The alignment relevance figures, for the server at `serverBase` (its data must hold both real frameworks). */
export async function alignmentRelevanceFigures(serverBase: string): Promise<Figure[]> {
  const base = `${serverBase}/api/v0`;
  const figures: Figure[] = [];
  for (const { name, id, items } of await savedFrameworks(base, FRAMEWORKS)) {
    const online = await scoresOf(async (text) => {
      const r = await fetch(`${base}/standards-frameworks/${id}/align`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, limit: 10 }),
      });
      return ((await r.json()) as Array<{ statementCode: string | null }>).map((i) => i.statementCode);
    });
    const offline = await scoresOf(async (text) => ((await alignOnDevice(base, id, text, [], 10)) ?? []).map((h) => h.statementCode));
    const peer = await scoresOf(naivePeer(items, { wholeText: true }));
    const line = (s: Scores) => `${s.hitAt5} / ${s.mrrAt10} (near ${s.nearHitAt5} / ${s.nearMrrAt10})`;
    console.log(`  ${name}: online ${line(online)}; offline ${line(offline)}; naive peer ${line(peer)}`);
    const label = `alignment: ${name}`;
    for (const [who, s] of [
      ['online', online],
      ['offline', offline],
      ['naive peer', peer],
    ] as const) {
      figures.push(
        figure(`${label}, ${who}: hit@5`, [s.hitAt5], 'ratio', `near: ${s.nearHitAt5}`),
        figure(`${label}, ${who}: MRR@10`, [s.mrrAt10], 'ratio', `near: ${s.nearMrrAt10}`),
      );
    }
    figures.push(
      figure(`${label}: hit@5 ahead of the naive peer by`, [round(Math.min(online.hitAt5, offline.hitAt5) - peer.hitAt5)], 'ratio'),
      figure(`${label}: MRR@10 ahead of the naive peer by`, [round(Math.min(online.mrrAt10, offline.mrrAt10) - peer.mrrAt10)], 'ratio'),
    );
  }
  return figures;
}

/** 2,000 characters of problem text, different for each `n` (so the answer cache never answers). */
export function alignmentText(n: number): string {
  let text = `Problem ${n}. `;
  for (let i = n; text.length < 2000; i++) text += `${tasks[i % tasks.length]!.text}\n`;
  return text.slice(0, 2000);
}

/**
 * `align` for 2,000-character texts under 10 connections on the server at `base`, in
 * the framework `frameworkId` (p99, each text new), and browsing (get by id) beside it.
 */
export async function alignmentLoadFigures(base: string, frameworkId: string, ids: string[]): Promise<Figure[]> {
  let n = 0;
  const aligning = {
    method: 'POST' as const,
    setupRequest: (req: Record<string, unknown>) => ({
      ...req,
      path: `/api/v0/standards-frameworks/${frameworkId}/align`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: alignmentText(n++), limit: 10 }),
    }),
  };
  let b = 0;
  const browsing = {
    method: 'GET' as const,
    setupRequest: (req: { path: string }) => ({ ...req, path: `/api/v0/academic-standards/${ids[b++ % ids.length]}?n=${b}` }),
  };
  // The framework's index is built by each search thread at its first alignment: warmed first.
  await autocannon({ url: base, connections: 4, amount: 8, requests: [aligning] });
  const p99: number[] = [];
  const rps: number[] = [];
  const browse: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [align, browsed] = await Promise.all([
      autocannon({ url: base, connections: 10, duration: 3, requests: [aligning] }),
      autocannon({ url: base, connections: 2, duration: 3, requests: [browsing] }),
    ]);
    if (align.errors || align.non2xx || browsed.non2xx)
      throw new Error(`align under load: ${align.errors} errors, ${align.non2xx} non-2xx`);
    p99.push(align.latency.p99);
    rps.push(align.requests.average);
    browse.push(browsed.latency.p99);
  }
  return [
    figure('scale: align a 2,000-character text, largest framework, 10 connections p99', p99, 'ms', `${Math.round(rps[0]!)} req/s`),
    figure('scale: browsing p99 while 10 connections align texts', browse, 'ms', 'get by id, 2 connections'),
  ];
}
