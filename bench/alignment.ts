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
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import type { AlignOptions } from '../contract/search/align';
import type { StandardsItem } from '../contract/schemas';
import { alignOnDevice, prepareAligner } from '../src/api/align-on-device';
import { readBankFrom } from '../src/api/example-bank';
import { bankFiles } from '../server/search/example-bank';
import blind from './data/everyday-blind.json';
import tasks from './data/alignment-tasks.json';
import everyday from './data/everyday-tasks.json';
import probes from './data/everyday-probes.json';
import { figure, type Figure } from './report';
import { comparedFigures, hitAndMrr, naivePeer, savedFrameworks, type Relevance } from './relevance';

const RUNS = Number(process.env.RUNS ?? 5);

// The device's alignment reads the bank as Vite serves it; here, under Node, from its files.
readBankFrom(Object.fromEntries(bankFiles().map((path) => [path, async () => readFileSync(path, 'utf8')])));

const FRAMEWORKS = [
  ['Common Core Math', 'c6496676-d7cb-11e8-824f-0242ac160002'],
  ['California Math', 'c6487102-d7cb-11e8-824f-0242ac160002'],
] as const;

/** Relevance on the exact standard, and `near`: on its cluster or components. */
interface Scores extends Relevance {
  near: Relevance;
}

/** hit@5 and MRR@10 of one ranker over the public problems, exact and near: `codes` answers a text's codes, best first. */
async function scoresOf(codes: (text: string, task: (typeof tasks)[number]) => Promise<Array<string | null>>): Promise<Scores> {
  const exact: number[] = [];
  const near: number[] = [];
  for (const t of tasks) {
    const found = (await codes(t.text, t)).slice(0, 10);
    exact.push(found.findIndex((c) => c !== null && t.want.includes(c)));
    near.push(found.findIndex((c) => c !== null && (t.want.includes(c) || t.near.some((n) => c === n || c.startsWith(`${n}.`)))));
  }
  return { ...hitAndMrr(exact), near: hitAndMrr(near) };
}

/** The codes the local API's alignment answers for a text, best first (within `gradeLevel` where given). */
async function alignedCodes(base: string, id: string, text: string, gradeLevel: readonly string[]): Promise<Array<string | null>> {
  const r = await fetch(`${base}/standards-frameworks/${id}/align`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, limit: 10, ...(gradeLevel.length && { gradeLevel }) }),
  });
  return ((await r.json()) as Array<{ statementCode: string | null }>).map((i) => i.statementCode);
}

/** A standard's grades in a framework's items, by its code (none where the code is not there). */
const gradeOfCode = (items: readonly StandardsItem[], code: string) => items.find((i) => i.statementCode === code)?.gradeLevel ?? [];

/** The alignment relevance figures, for the server at `serverBase` (its data must hold both real frameworks). */
export async function alignmentRelevanceFigures(serverBase: string): Promise<Figure[]> {
  const base = `${serverBase}/api/v0`;
  const figures: Figure[] = [];
  for (const { name, id, items } of await savedFrameworks(base, FRAMEWORKS)) {
    const online = await scoresOf((text) => alignedCodes(base, id, text, []));
    // The problem's grade: its standard's, as the data gives it.
    const graded = await scoresOf((text, t) => alignedCodes(base, id, text, gradeOfCode(items, t.want[0]!)));
    const offline = await scoresOf(async (text) => ((await alignOnDevice(base, id, text, [], 10)) ?? []).map((h) => h.statementCode));
    const peer = await scoresOf(naivePeer(items, { wholeText: true }));
    const aligner = (await prepareAligner(base, id))!;
    const withoutBank = await scoresOf(async (text) =>
      aligner.index.align(text, 10, undefined, { examples: false }).map((a) => aligner.items[a.doc]!.statementCode),
    );
    const line = (s: Scores) => `${s.hitAt5} / ${s.mrrAt10} (near ${s.near.hitAt5} / ${s.near.mrrAt10})`;
    console.log(
      `  ${name}: online ${line(online)}; offline ${line(offline)}; without the example bank ${line(withoutBank)}; naive peer ${line(peer)}`,
    );
    console.log(`  ${name}, the problem's grade chosen: online ${line(graded)}`);
    figures.push(
      figure(`alignment: ${name}, without the example bank: hit@5`, [withoutBank.hitAt5], 'ratio'),
      figure(`alignment: ${name}, without the example bank: MRR@10`, [withoutBank.mrrAt10], 'ratio'),
      figure(`alignment: ${name}, online, the problem’s grade: hit@5`, [graded.hitAt5], 'ratio'),
      figure(`alignment: ${name}, online, the problem’s grade: MRR@10`, [graded.mrrAt10], 'ratio'),
    );
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

type Task = { text: string; want: string[]; grade?: string; form?: string };

/**
 * The sets of texts in everyday words, each with the standards a teacher accepts: the
 * shared set (bench/data/everyday-tasks.json), the project's blind set (written before
 * the example bank, never used to tune: bench/data/everyday-blind.json) and the project's
 * own texts written while building the vocabulary (bench/data/everyday-probes.json).
 */
const EVERYDAY_SETS: ReadonlyArray<readonly [label: string, tasks: readonly Task[]]> = [
  ['alignment (everyday words)', everyday.tasks],
  ['alignment (blind set)', blind.tasks],
  ['alignment (the project’s own texts)', probes.tasks],
];

/**
 * Texts in everyday words (word problems, headings, objectives, "I can" statements,
 * notation prompts) in Common Core Math: online and offline, any grade and with the
 * task's grade, the word problems alone, the same ranking without the example bank and
 * without the vocabulary file, and the naive peer, for each set.
 */
export async function everydayFigures(serverBase: string): Promise<Figure[]> {
  const base = `${serverBase}/api/v0`;
  const [name, id] = FRAMEWORKS[0];
  const { items } = (await savedFrameworks(base, [FRAMEWORKS[0]]))[0]!;
  const measure = async (
    tasks: readonly Task[],
    codes: (text: string, grades: string[]) => Promise<Array<string | null>>,
    grade: boolean,
    form?: string,
  ) => {
    const places: number[] = [];
    const asked = tasks.filter((t) => !form || t.form === form);
    if (!asked.length) return undefined;
    for (const t of asked) {
      // A text without its grade written (the project's own) takes its standard's.
      const grades = !grade ? [] : t.grade ? gradesOf(t.grade) : gradeOfCode(items, t.want[0]!);
      const found = (await codes(t.text, [...grades])).slice(0, 10);
      places.push(found.findIndex((c) => c !== null && t.want.includes(c)));
    }
    return hitAndMrr(places);
  };
  const online = (text: string, gradeLevel: string[]) => alignedCodes(base, id, text, gradeLevel);
  const offline = async (text: string, grades: string[]) =>
    ((await alignOnDevice(base, id, text, grades, 10)) ?? []).map((h) => h.statementCode);
  const aligner = (await prepareAligner(base, id))!;
  const ablation = (options: AlignOptions) => async (text: string, grades: string[]) =>
    aligner.index
      .align(text, 10, (doc) => !grades.length || (aligner.items[doc]!.gradeLevel ?? []).some((g) => grades.includes(g)), options)
      .map((a) => aligner.items[a.doc]!.statementCode);
  const withoutBank = ablation({ examples: false });
  const withoutVocabulary = ablation({ concepts: false });
  const peer = naivePeer(items, { wholeText: true });
  const figures: Figure[] = [];
  for (const [set, tasks] of EVERYDAY_SETS) {
    const label = `${set}: ${name}`;
    const rows: Array<[string, Relevance | undefined]> = [
      ['online, any grade', await measure(tasks, online, false)],
      ['online, the task’s grade', await measure(tasks, online, true)],
      ['online, word problems, any grade', await measure(tasks, online, false, 'word problem')],
      ['offline, any grade', await measure(tasks, offline, false)],
      ['offline, the task’s grade', await measure(tasks, offline, true)],
      ['without the example bank, any grade', await measure(tasks, withoutBank, false)],
      ['without the example bank, the task’s grade', await measure(tasks, withoutBank, true)],
      ['without the vocabulary file, any grade', await measure(tasks, withoutVocabulary, false)],
      ['naive peer, any grade', await measure(tasks, async (text) => peer(text), false)],
    ];
    console.log(`  ${label} (${tasks.length} texts)`);
    const measured = rows.filter((row): row is [string, Relevance] => row[1] !== undefined);
    for (const [who, r] of measured) console.log(`    ${who}: hit@5 ${r.hitAt5} MRR@10 ${r.mrrAt10}`);
    figures.push(
      ...measured.flatMap(([who, r]) => [
        figure(`${label}, ${who}: hit@5`, [r.hitAt5], 'ratio', `${tasks.length} texts`),
        figure(`${label}, ${who}: MRR@10`, [r.mrrAt10], 'ratio'),
      ]),
    );
  }
  return figures;
}

/** The example bank's size as the browser fetches it: its files, each compressed with brotli as the server sends them. */
export function exampleBankSizeFigure(): Figure {
  const files = bankFiles();
  const bytes = files.reduce(
    (sum, path) => sum + brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    0,
  );
  return figure('alignment: example bank, compressed (brotli)', [Math.round(bytes / 1024)], 'KB', `${files.length} files`);
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
    setupRequest: (req: autocannon.Request) => ({
      ...req,
      path: `/api/v0/standards-frameworks/${frameworkId}/align`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: alignmentText(n++), limit: 10 }),
    }),
  };
  let b = 0;
  const browsing = {
    method: 'GET' as const,
    setupRequest: (req: autocannon.Request) => ({ ...req, path: `/api/v0/academic-standards/${ids[b++ % ids.length]}?n=${b}` }),
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
