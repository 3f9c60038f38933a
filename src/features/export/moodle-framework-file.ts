/**
 * The framework page's Moodle file, made when asked: loaded apart from the page (the
 * writer and the outline reader are not part of a framework page's first script).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Framework } from '../../../contract/schemas';
import { loadFrameworkOutline } from '../../api/framework-outline';
import type { ApiSource } from '../../lib/api-client';
import type { ItemFilters } from '../../lib/item-filters';
import { toMoodleCompetencies, type MoodleFile } from '../../lib/moodle-competencies';
import { frameworkFacts, moodleFilename } from '../../lib/moodle-framework-facts';
import { downloadedForMoodle, fileBytes, splitFrameworkAdvice, tooLargeForOneImport } from '../../lib/moodle-import-size';

export interface FrameworkForMoodle {
  file: MoodleFile;
  filename: string;
  /** Why one import may not finish, or null. */
  tooLarge: string | null;
  /** How to split the framework, said beside `tooLarge`. */
  advice: string;
  /** What the page says once the file is downloaded. */
  downloaded: string;
}

/** The framework's outline under `filters`, as Moodle's file; null when nothing matches. */
export async function frameworkForMoodle(
  client: QueryClient,
  source: ApiSource,
  framework: Framework,
  filters: ItemFilters,
  onRead: (read: number) => void,
  signal: AbortSignal,
): Promise<FrameworkForMoodle | null> {
  const ref = { caseIdentifierUUID: framework.caseIdentifierUUID, name: framework.name };
  const entries = await loadFrameworkOutline(client, source, ref, filters, onRead, signal);
  if (entries.length === 0) return null;
  const file = toMoodleCompetencies(frameworkFacts(framework, filters), entries);
  return {
    file,
    filename: moodleFilename(framework.name ?? framework.jurisdiction ?? 'framework', filters),
    tooLarge: tooLargeForOneImport({ competencies: file.competencies, bytes: fileBytes(file.csv) }),
    advice: splitFrameworkAdvice(filters.grades.length),
    downloaded: downloadedForMoodle(file.competencies),
  };
}
