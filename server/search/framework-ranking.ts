/**
 * Word search in one framework or one jurisdiction, ranked by the code the browser ranks
 * a saved framework with (contract/search): best match first, through skills and the
 * headings above each item, one result per standard. Each framework's index is built
 * from the database on its first search and kept (least recently used first out), within
 * a bound on the items held; a scope larger than that bound is left to the full-text
 * index (see searcher.ts).
 */
import { searchDocuments, type SearchableItem, type SkillText } from '../../contract/search/documents';
import { SearchIndex, type Ranked, type SearchDocument } from '../../contract/search/rank';
import { AlignIndex } from '../../contract/search/align';
import { placeExamples, placeOwnExamples, type OwnExample } from '../../contract/search/examples';
import { exampleBank } from './example-bank';
import type { SearchableRow, SearchFilters, SearchRow, StandardsStore } from '../store/standards-store';
import { banded } from '../store/queries';

/**
 * Items held in indexes per search thread: the largest framework of the full export has
 * ~9,900, a state's frameworks together a few times that. Measured: California Math's
 * 1,467 items with their 3,818 skill links take 4.5 MB of heap and 0.06 s to index; the
 * full-size export's largest framework 0.22 s.
 */
export const MAX_INDEXED_ITEMS = 20_000;

interface FrameworkIndex {
  index: SearchIndex;
  documents: SearchDocument[];
  /** The ranking for pasted texts, built at the framework's first alignment. */
  aligner?: AlignIndex;
  items: Array<Omit<SearchableRow, 'json' | 'parent'> & { uuid: string }>;
  /** Each item's skills, in their order (position in `items`). */
  skills: SkillText[][];
}

export class FrameworkRanking {
  private readonly indexes = new Map<number, FrameworkIndex>();

  constructor(
    private readonly store: StandardsStore,
    private readonly maxItems = MAX_INDEXED_ITEMS,
  ) {}

  /** True when the frameworks fit in the bound together, so this ranking can answer. */
  canRank(frameworks: Array<{ items: number }>): boolean {
    return frameworks.reduce((n, f) => n + f.items, 0) <= this.maxItems;
  }

  /**
   * The best `limit` results across the frameworks, best first: those holding every word
   * score 0.5–0.99, those holding some below 0.5 (1.0 is a code match's).
   */
  search(text: string, f: SearchFilters, limit: number, ranks: number[]): SearchRow[] {
    const found: Array<{ r: Ranked; fw: FrameworkIndex }> = [];
    for (const rank of ranks) {
      const fw = this.indexOf(rank);
      const keep = (doc: number) => passes(fw.items[doc]!, f);
      for (const r of fw.index.search(text, limit, keep)) found.push({ r, fw });
    }
    // Across frameworks: more words held first, then the score within its framework.
    found.sort((a, b) => b.r.words - a.r.words || b.r.score - a.r.score);
    const best = found.slice(0, limit).map((h) => ({ ...h, rank: h.r.score }));
    const rows = banded(
      best.filter((h) => h.r.words === h.r.of),
      best.filter((h) => h.r.words < h.r.of),
      0.99,
    );
    const json = this.store.withJson(rows.map(({ fw, r, score }) => ({ seq: fw.items[r.doc]!.seq, score })));
    return json.map((row, i) => {
      const { fw, r } = rows[i]!;
      const viaSkill = r.viaSkill === undefined ? undefined : fw.skills[r.doc]![r.viaSkill];
      const alsoAt = r.alsoAt?.map((doc) => fw.items[doc]!.uuid);
      return viaSkill || alsoAt ? { ...row, match: { viaSkill, alsoAt } } : row;
    });
  }

  /**
   * The standards a pasted text most likely addresses across the frameworks, best first,
   * each with the words and skills it shares with the text. Scores are relative to each
   * framework's best; across frameworks the higher relative score comes first.
   */
  align(text: string, f: SearchFilters, limit: number, ranks: number[], own: readonly OwnExample[] = []): SearchRow[] {
    const found = ranks.flatMap((rank) => {
      const fw = this.indexOf(rank);
      const ids = own.length ? fw.items.map((i) => i.uuid) : [];
      return this.alignerOf(rank, fw)
        .align(text, limit, (doc) => passes(fw.items[doc]!, f), { own: placeOwnExamples(ids, own) })
        .map((a) => ({ a, fw }));
    });
    const best = found.sort((x, y) => y.a.score - x.a.score).slice(0, limit);
    const json = this.store.withJson(best.map(({ fw, a }) => ({ seq: fw.items[a.doc]!.seq, score: a.score })));
    return json.map((row, i) => {
      const { fw, a } = best[i]!;
      return {
        ...row,
        match: {
          words: a.words,
          skills: a.skills.map((s) => fw.skills[a.doc]![s]!),
          recognised: a.concepts,
          ...(a.example && { example: a.example }),
        },
      };
    });
  }

  /**
   * A framework's ranking for pasted texts, built at its first alignment, with the example
   * bank's examples placed on its standards (their own, or an identical match's).
   */
  alignerOf(rank: number, fw = this.indexOf(rank)): AlignIndex {
    if (!fw.aligner) {
      fw.aligner = AlignIndex.build(fw.documents);
      const identical = this.store.identicalMatches(rank);
      fw.aligner.useExamples(
        placeExamples(
          exampleBank(),
          fw.items.map((i) => i.uuid),
          (doc) => identical.get(fw.items[doc]!.seq) ?? [],
        ),
      );
    }
    return fw.aligner;
  }

  /** A framework's documents, in outline order (the tuning reads their grades, codes and parents). */
  documentsOf(rank: number): readonly SearchDocument[] {
    return this.indexOf(rank).documents;
  }

  private indexOf(rank: number): FrameworkIndex {
    const kept = this.indexes.get(rank);
    if (kept) {
      this.indexes.delete(rank); // most recently used last
      this.indexes.set(rank, kept);
      return kept;
    }
    const built = this.build(rank);
    let held = built.items.length;
    for (const [r, fw] of [...this.indexes].reverse()) {
      held += fw.items.length;
      if (held > this.maxItems) this.indexes.delete(r);
    }
    this.indexes.set(rank, built);
    return built;
  }

  private build(rank: number): FrameworkIndex {
    const { items: rows, skills: skillRows } = this.store.searchableItems(rank);
    const parsed = rows.map((row) => JSON.parse(row.json.toString('utf8')) as SearchableItem);
    const position = new Map(rows.map((row, i) => [row.seq, i]));
    const skills = rows.map((): SkillText[] => []);
    for (const s of skillRows)
      skills[position.get(s.seq)!]!.push({
        identifier: s.identifier,
        description: s.description,
        ...(s.through && { through: s.through }),
      });
    const parents = new Map(rows.map((row, i) => [parsed[i]!.caseIdentifierUUID, row.parent ?? undefined]));
    const documents = searchDocuments(parsed, (id) => parents.get(id), skills);
    return {
      index: new SearchIndex(documents),
      documents,
      items: rows.map((row, i) => ({
        seq: row.seq,
        gradeMask: row.gradeMask,
        type: row.type,
        subject: row.subject,
        jurisdiction: row.jurisdiction,
        uuid: parsed[i]!.caseIdentifierUUID,
      })),
      skills,
    };
  }
}

/** The search filters, on the columns the import wrote. */
function passes(item: FrameworkIndex['items'][number], f: SearchFilters): boolean {
  return (
    (!f.gradeMask || (item.gradeMask & f.gradeMask) !== 0) &&
    (f.academicSubject === undefined || item.subject === f.academicSubject) &&
    (f.normalizedStatementType === undefined || item.type === f.normalizedStatementType) &&
    (f.jurisdiction === undefined || item.jurisdiction === f.jurisdiction)
  );
}
