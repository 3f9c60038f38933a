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
import { alignOnDevice, prepareAligner } from '../src/api/align-on-device';
import tasks from './data/alignment-tasks.json';
import everyday from './data/everyday-tasks.json';
import probes from './data/everyday-probes.json';
import { figure, type Figure } from './report';
import { comparedFigures, hitAndMrr, naivePeer, savedFrameworks, type Relevance } from './relevance';

const RUNS = Number(process.env.RUNS ?? 5);

const FRAMEWORKS = [
  ['Common Core Math', 'c6496676-d7cb-11e8-824f-0242ac160002'],
  ['California Math', 'c6487102-d7cb-11e8-824f-0242ac160002'],
] as const;

/** Relevance on the exact standard, and `near`: on its cluster or components. */
interface Scores extends Relevance {
  near: Relevance;
}

/** hit@5 and MRR@10 of one ranker over the public problems, exact and near: `codes` answers a text's codes, best first. */
async function scoresOf(codes: (text: string) => Promise<Array<string | null>>): Promise<Scores> {
  const exact: number[] = [];
  const near: number[] = [];
  for (const t of tasks) {
    const found = (await codes(t.text)).slice(0, 10);
    exact.push(found.findIndex((c) => c !== null && t.want.includes(c)));
    near.push(found.findIndex((c) => c !== null && (t.want.includes(c) || t.near.some((n) => c === n || c.startsWith(`${n}.`)))));
  }
  return { ...hitAndMrr(exact), near: hitAndMrr(near) };
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
    const line = (s: Scores) => `${s.hitAt5} / ${s.mrrAt10} (near ${s.near.hitAt5} / ${s.near.mrrAt10})`;
    console.log(`  ${name}: online ${line(online)}; offline ${line(offline)}; naive peer ${line(peer)}`);
    figures.push(
      ...comparedFigures(`alignment: ${name}`, { online, offline, peer }, (s, measure) =>
        measure === 'hit@5' ? `near: ${s.near.hitAt5}` : `near: ${s.near.mrrAt10}`,
      ),
    );
  }
  return figures;
}

/** A grade as the data writes it: high school is 9–12. */
const gradesOf = (grade: string) => (grade === 'HS' ? ['9', '10', '11', '12'] : [grade]);

/**
 * Texts in everyday words (bench/data/everyday-tasks.json, a copy of the shared set:
 * word problems, headings, objectives, each with the standards a teacher accepts) in
 * Common Core Math: online and offline, any grade and with the task's grade, the word
 * problems alone, the naive peer, and the same ranking without the vocabulary file.
 */
export async function everydayFigures(serverBase: string): Promise<Figure[]> {
  const base = `${serverBase}/api/v0`;
  const [name, id] = FRAMEWORKS[0];
  const [{ items }] = await savedFrameworks(base, [FRAMEWORKS[0]]);
  type Task = { text: string; want: string[]; grade?: string; form?: string };
  const tasksOf = (form?: string): Task[] => everyday.tasks.filter((t) => !form || t.form === form);
  const measure = async (
    codes: (text: string, grades: string[]) => Promise<Array<string | null>>,
    grade: boolean,
    form?: string,
    tasks: Task[] = tasksOf(form),
  ) => {
    const places: number[] = [];
    for (const t of tasks) {
      const found = (await codes(t.text, grade && t.grade ? gradesOf(t.grade) : [])).slice(0, 10);
      places.push(found.findIndex((c) => c !== null && t.want.includes(c)));
    }
    return hitAndMrr(places);
  };
  const online = async (text: string, gradeLevel: string[]) => {
    const r = await fetch(`${base}/standards-frameworks/${id}/align`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, limit: 10, ...(gradeLevel.length && { gradeLevel }) }),
    });
    return ((await r.json()) as Array<{ statementCode: string | null }>).map((i) => i.statementCode);
  };
  const offline = async (text: string, grades: string[]) =>
    ((await alignOnDevice(base, id, text, grades, 10)) ?? []).map((h) => h.statementCode);
  const aligner = (await prepareAligner(base, id))!;
  const withoutVocabulary = async (text: string, grades: string[]) =>
    aligner.index
      .align(text, 10, (doc) => !grades.length || (aligner.items[doc]!.gradeLevel ?? []).some((g) => grades.includes(g)), {
        concepts: false,
      })
      .map((a) => aligner.items[a.doc]!.statementCode);
  const peer = naivePeer(items, { wholeText: true });
  const label = `alignment (everyday words): ${name}`;
  const rows: Array<[string, Relevance]> = [
    ['online, any grade', await measure(online, false)],
    ['online, the task’s grade', await measure(online, true)],
    ['online, word problems, any grade', await measure(online, false, 'word problem')],
    ['offline, any grade', await measure(offline, false)],
    ['offline, the task’s grade', await measure(offline, true)],
    ['without the vocabulary file, any grade', await measure(withoutVocabulary, false)],
    ['without the vocabulary file, the task’s grade', await measure(withoutVocabulary, true)],
    ['naive peer, any grade', await measure(async (text) => peer(text), false)],
    // The project's own texts (bench/data/everyday-probes.json), written while building it: reported, no budget.
    ['the project’s own texts, online, any grade', await measure(online, false, undefined, probes.tasks)],
    ['the project’s own texts, without the vocabulary file', await measure(withoutVocabulary, false, undefined, probes.tasks)],
  ];
  for (const [who, r] of rows) console.log(`  ${label}, ${who}: hit@5 ${r.hitAt5} MRR@10 ${r.mrrAt10}`);
  return rows.flatMap(([who, r]) => [
    figure(`${label}, ${who}: hit@5`, [r.hitAt5], 'ratio'),
    figure(`${label}, ${who}: MRR@10`, [r.mrrAt10], 'ratio'),
  ]);
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
