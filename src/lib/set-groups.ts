/**
 * How a set's rows group: by framework, then by domain (the ancestor typed "Domain", else
 * the nearest heading above the standard, whatever its type). Used by the set's list, its print and its
 * Canvas outcome groups, so all three name the same groups.
 */
import type { StandardsItem } from '../../contract/schemas';
import type { ExportEntry } from './export-entries';
import { formatGrades } from './format';

/** The domain a standard sits in (else the nearest heading above it), or null at the top of its framework. */
export function domainOf(entry: ExportEntry): StandardsItem | null {
  const domain = entry.path.findLast((p) => p.statementType === 'Domain');
  return domain ?? entry.path.findLast((p) => p.normalizedStatementType !== 'Standard') ?? null;
}

/**
 * “3.NF Number and Operations—Fractions”; a domain without a code gets its grades, since
 * grade 3's and grade 4's “Number & Operations—Fractions” are two groups.
 */
export const groupTitle = (item: StandardsItem) => {
  const title = [item.statementCode, item.description].filter(Boolean).join(' ') || 'Standards';
  const grades = item.statementCode ? '' : formatGrades(item.gradeLevel);
  return grades ? `${title} (${grades})` : title;
};

export const frameworkTitle = (entry: ExportEntry) => entry.framework.name ?? entry.item.jurisdiction ?? 'Framework';

export interface RowGroup {
  framework: string;
  domain: StandardsItem | null;
  /** Rows of this run, with their position in the whole set. */
  rows: Array<{ entry: ExportEntry; index: number }>;
}

/** Consecutive rows of one framework and domain run under one heading, in the set's order. */
export function runsOf(entries: readonly ExportEntry[]): RowGroup[] {
  const runs: RowGroup[] = [];
  entries.forEach((entry, index) => {
    const framework = frameworkTitle(entry);
    const domain = domainOf(entry);
    const last = runs.at(-1);
    if (last && last.framework === framework && last.domain?.caseIdentifierUUID === domain?.caseIdentifierUUID)
      last.rows.push({ entry, index });
    else runs.push({ framework, domain, rows: [{ entry, index }] });
  });
  return runs;
}

/** The frameworks of a set's rows, each once, in the order the set first reaches them. */
export function frameworksOf(entries: readonly ExportEntry[]): Array<{ caseIdentifierUUID: string; name: string }> {
  const found = new Map<string, string>();
  for (const e of entries)
    if (e.framework.caseIdentifierUUID && !found.has(e.framework.caseIdentifierUUID))
      found.set(e.framework.caseIdentifierUUID, frameworkTitle(e));
  return [...found].map(([caseIdentifierUUID, name]) => ({ caseIdentifierUUID, name }));
}
