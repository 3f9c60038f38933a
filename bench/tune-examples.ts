/**
 * The example vote's weights, chosen by cross-validation inside the bank (decision 027):
 * the bank's examples of Common Core Math, split in five folds by example; each held-out
 * example is aligned as a text, with its fold's examples left out of the vote, and scored
 * on its own standard (hit@5, MRR@10, any grade and the example's grade chosen). No set
 * the bench reports (the shared everyday texts, the blind set, the public problems) is
 * read here.
 *
 *   npm run tune:examples              the current weights
 *   npm run tune:examples -- grid      one weight at a time around them
 *   npm run tune:examples -- concepts  each concept of the vocabulary file left out in turn
 */
import { AlignIndex, EXAMPLE_SHARE, type AlignOptions } from '../contract/search/align';
import { concepts, leaveOutConcepts } from '../contract/search/concepts';
import { EXAMPLE_WEIGHTS, type ExampleWeights, type PlacedExample } from '../contract/search/examples';
import { ensureDatabase } from '../server/import/database-cache';
import { FrameworkRanking } from '../server/search/framework-ranking';
import { StandardsStore } from '../server/store/standards-store';
import { CC_MATH, REAL_DATA, TEST_CACHE } from '../server/test-support/real-api';
import { hitAndMrr } from './relevance';

const FOLDS = 5;
/** Every how-many-th example is asked (all of them vote, less their fold): a fifth of the time for the same ranking. */
const ASK_EVERY = Number(process.env.ASK_EVERY ?? 2);

interface Setting {
  weights: ExampleWeights;
  share: number;
  concepts: boolean;
}

/**
 * A fold by example: a fixed scatter of positions, so a standard's examples fall in every
 * fold. Each fold's examples are left out of the index (its words' weights too) while they
 * are asked. A suggestion counts where it is the example's standard, or its parent or
 * lettered component (as the evaluation sets accept a component with its parent).
 */
const foldOf = (e: number) => ((e * 2654435761) % 2 ** 32) % FOLDS;

async function main() {
  const { path } = await ensureDatabase(REAL_DATA, TEST_CACHE);
  const store = new StandardsStore(path);
  const ranking = new FrameworkRanking(store);
  const { rank } = store.frameworksInScope({ gradeMask: 0 }, CC_MATH)![0]!;
  const aligner: AlignIndex = ranking.alignerOf(rank!);
  const documents = ranking.documentsOf(rank!);
  const grades = documents.map((d) => d.grades);
  const parents = documents.map((d) => d.parent);
  // The practices' texts are the same in every grade (K.MP1 … HS.MP1): their examples vote, but are not asked.
  const practice = new Set(documents.flatMap((d, doc) => (/MP\d$/.test(d.statementCode ?? '') ? [doc] : [])));
  // PER_STANDARD=n: only each standard's first n examples (the learning curve: would more examples help?).
  const perStandard = Number(process.env.PER_STANDARD ?? Infinity);
  const seen = new Map<number, number>();
  const placed: PlacedExample[] = aligner.votingExamples.filter((e) => {
    seen.set(e.doc, (seen.get(e.doc) ?? 0) + 1);
    return seen.get(e.doc)! <= perStandard;
  });
  console.log(`${placed.length} examples voting on ${new Set(placed.map((e) => e.doc)).size} standards; asking every ${ASK_EVERY}th`);

  const measure = ({ weights, share, concepts }: Setting) => {
    const any: number[] = [];
    const graded: number[] = [];
    for (let fold = 0; fold < FOLDS; fold++) {
      aligner.useExamples(
        placed.filter((_, e) => foldOf(e) !== fold),
        weights,
      );
      for (let q = 0; q < placed.length; q++) {
        if (foldOf(q) !== fold || q % ASK_EVERY || practice.has(placed[q]!.doc)) continue;
        const { doc, text } = placed[q]!;
        const options: AlignOptions = { share, concepts };
        const place = (keep?: (d: number) => boolean) =>
          aligner
            .align(text, 10, keep, options)
            .map((a) => a.doc)
            .findIndex((d) => d === doc || parents[d] === doc || parents[doc] === d);
        any.push(place());
        const own = grades[doc] ?? [];
        graded.push(place((d) => (grades[d] ?? []).some((g) => own.includes(g))));
      }
    }
    return { any: hitAndMrr(any), graded: hitAndMrr(graded) };
  };
  const line = (label: string, s: Setting) => {
    const started = performance.now();
    const r = measure(s);
    console.log(
      `${label.padEnd(40)} any grade ${r.any.hitAt5} / ${r.any.mrrAt10}   grade chosen ${r.graded.hitAt5} / ${r.graded.mrrAt10}   (${Math.round(performance.now() - started)} ms)`,
    );
    return r;
  };

  const base: Setting = { weights: EXAMPLE_WEIGHTS, share: EXAMPLE_SHARE, concepts: true };
  line('current', base);
  line('without the examples (share 0)', { ...base, share: 0 });
  if (process.argv[2] === 'concepts') {
    for (const { concept } of concepts().entries) {
      leaveOutConcepts([concept]);
      line(`without "${concept}"`.slice(0, 40), base);
    }
    leaveOutConcepts([]);
    return;
  }
  if (process.argv[2] !== 'grid') return;
  line('without the vocabulary (align)', { ...base, concepts: false });
  for (const share of [0.3, 0.45, 0.7, 0.8, 0.9, 1]) line(`share ${share}`, { ...base, share });
  for (const neighbours of [5, 10, 20, 50, 80]) line(`neighbours ${neighbours}`, { ...base, weights: { ...base.weights, neighbours } });
  for (const b of [0.3, 0.5, 0.9]) line(`b ${b}`, { ...base, weights: { ...base.weights, b } });
  for (const concept of [0, 0.5, 2]) line(`concept ${concept}`, { ...base, weights: { ...base.weights, concept } });
  for (const together of [0, 0.25, 0.75, 1]) line(`together ${together}`, { ...base, weights: { ...base.weights, together } });
  for (const shape of [0, 0.25, 1]) line(`shape ${shape}`, { ...base, weights: { ...base.weights, shape } });
}

await main();
