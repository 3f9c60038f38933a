/**
 * Relevance: does the search put what a teacher means first? The public teacher queries
 * (bench/data/search-queries.json, a copy of the shared set: each query with the
 * standards a teacher would want) and the project's own classroom set
 * (bench/data/classroom-queries.json: abbreviations and classroom words the standards
 * spell otherwise, "GCF", "multiplication facts"; reported, no budget) are searched in
 * California Math and Common Core Math,
 * online (the local API's framework search, what the search box shows) and offline (the
 * framework saved as the app saves it, ranked on the device), beside a naive peer
 * computed in the same run: BM25 over the descriptions, items holding every word first.
 *
 * hit@5: a wanted standard among the first five results; MRR@10: the mean of 1/rank of
 * the first wanted standard within the first ten (0 when none).
 */
import type { StandardsItem } from '../contract/schemas';
import { STOP_WORDS } from '../contract/search/tokens';
import { rankOnDevice } from '../src/api/search-on-device';
import { savedList } from '../src/lib/saved-standards';
import { saveInMemory } from '../src/features/offline/save-in-memory';
import classroomQueries from './data/classroom-queries.json';
import publicQueries from './data/search-queries.json';
import { figure, type Figure } from './report';

const FRAMEWORKS = [
  ['California Math', 'c6487102-d7cb-11e8-824f-0242ac160002'],
  ['Common Core Math', 'c6496676-d7cb-11e8-824f-0242ac160002'],
] as const;

export interface Relevance {
  hitAt5: number;
  mrrAt10: number;
}

type QuerySet = ReadonlyArray<{ q: string; want: readonly string[] }>;

/** hit@5 and MRR@10 of one ranker over a query set (the public one unless named): `codes` answers a query's result codes, best first. */
export async function relevanceOf(
  codes: (q: string) => Promise<Array<string | null>>,
  queries: QuerySet = publicQueries,
): Promise<Relevance> {
  const places: number[] = [];
  for (const { q, want } of queries) places.push((await codes(q)).slice(0, 10).findIndex((c) => c !== null && want.includes(c)));
  return hitAndMrr(places);
}

/** hit@5 and MRR@10 from where the first wanted result stood in each case's first ten (-1 where none did). */
export function hitAndMrr(places: readonly number[]): Relevance {
  let hits = 0;
  let reciprocal = 0;
  for (const place of places) {
    if (place >= 0 && place < 5) hits++;
    if (place >= 0) reciprocal += 1 / (place + 1);
  }
  return { hitAt5: round(hits / places.length), mrrAt10: round(reciprocal / places.length) };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * One framework's figures: each ranker's hit@5 and MRR@10 (with a note, where given),
 * then how far the worse of online and offline stands ahead of the naive peer.
 */
export function comparedFigures<R extends Relevance>(
  label: string,
  rankers: { online: R; offline: R; peer: R },
  note: (r: R, measure: 'hit@5' | 'MRR@10') => string | undefined = () => undefined,
): Figure[] {
  const { online, offline, peer } = rankers;
  const figures: Figure[] = [];
  for (const [who, r] of [
    ['online', online],
    ['offline', offline],
    ['naive peer', peer],
  ] as const) {
    figures.push(
      figure(`${label}, ${who}: hit@5`, [r.hitAt5], 'ratio', note(r, 'hit@5')),
      figure(`${label}, ${who}: MRR@10`, [r.mrrAt10], 'ratio', note(r, 'MRR@10')),
    );
  }
  figures.push(
    figure(`${label}: hit@5 ahead of the naive peer by`, [round(Math.min(online.hitAt5, offline.hitAt5) - peer.hitAt5)], 'ratio'),
    figure(`${label}: MRR@10 ahead of the naive peer by`, [round(Math.min(online.mrrAt10, offline.mrrAt10) - peer.mrrAt10)], 'ratio'),
  );
  return figures;
}

/**
 * The naive peer: what anyone would write first. Words are lower-cased letters and
 * digits, very common words dropped; BM25 (k1 1.2, b 0.75) over each item's description;
 * items holding every word first, then by score. For a pasted text (`wholeText`, the
 * alignment part): every word of the text counts as often as it is written, only
 * standards are answered (not the headings grouping them), by score alone.
 */
export function naivePeer(items: readonly StandardsItem[], { wholeText = false } = {}): (q: string) => Promise<Array<string | null>> {
  const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP_WORDS.has(w));
  const ranked = wholeText ? items.filter((i) => i.normalizedStatementType !== 'Standard Grouping') : items;
  const docs = ranked.map((i) => words(i.description ?? ''));
  const average = docs.reduce((n, d) => n + d.length, 0) / (docs.length || 1);
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
  return async (q) => {
    const terms = wholeText ? words(q) : [...new Set(words(q))];
    return docs
      .map((d, i) => {
        let score = 0;
        let held = 0;
        for (const t of terms) {
          const tf = d.filter((w) => w === t).length;
          if (!tf) continue;
          held++;
          const n = df.get(t)!;
          const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
          score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * d.length) / average));
        }
        return { i, held: wholeText ? 1 : held, score };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.held - a.held || b.score - a.score || a.i - b.i)
      .map((r) => ranked[r.i]!.statementCode ?? null);
  };
}

/**
 * The frameworks saved for offline use from the API at `base` (in memory, as the app
 * saves them), each with its saved list: what the relevance parts rank offline.
 */
export async function savedFrameworks(base: string, frameworks: ReadonlyArray<readonly [string, string]>) {
  await saveInMemory(
    base,
    frameworks.map(([, id]) => id),
  );
  return Promise.all(frameworks.map(async ([name, id]) => ({ name, id, items: (await savedList(base, id))! })));
}

/** The relevance figures, for the server at `serverBase` (its data must hold both real frameworks). */
export async function relevanceFigures(serverBase: string): Promise<Figure[]> {
  const base = `${serverBase}/api/v0`;
  const figures: Figure[] = [];
  for (const { name, id, items } of await savedFrameworks(base, FRAMEWORKS)) {
    const online = async (q: string) => {
      const r = await fetch(`${base}/standards-frameworks/${id}/search?query=${encodeURIComponent(q)}&limit=50`);
      return ((await r.json()) as { data: StandardsItem[] }).data.map((i) => i.statementCode);
    };
    const offline = async (q: string) => (await rankOnDevice(base, id, items, q, 'best')).map((h) => h.statementCode);
    const peer = naivePeer(items);
    for (const [set, queries] of [
      ['', publicQueries],
      [' (classroom words)', classroomQueries],
    ] as const) {
      const r = {
        online: await relevanceOf(online, queries),
        offline: await relevanceOf(offline, queries),
        peer: await relevanceOf(peer, queries),
      };
      console.log(
        `  ${name}${set}: online hit@5 ${r.online.hitAt5} MRR@10 ${r.online.mrrAt10}; offline ${r.offline.hitAt5} / ${r.offline.mrrAt10}; naive peer ${r.peer.hitAt5} / ${r.peer.mrrAt10}`,
      );
      figures.push(...comparedFigures(`relevance${set}: ${name}`, r));
    }
  }
  return figures;
}
