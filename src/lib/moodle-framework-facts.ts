/**
 * What a Moodle competency framework made by this app is called: a set's, or a framework's
 * as the framework page filters it. Moodle wants a framework's ID number unique on the
 * whole site, so a framework filtered to grade 3 and the same one filtered to grade 4 get
 * two (an administrator who splits a large framework by grade imports each part), and
 * exporting the same set or the same filters again gives the same ID number.
 */
import type { Framework } from '../../contract/schemas';
import { setDocumentId, type SetForCase } from './case-package';
import type { ExportEntry } from './export-entries';
import { describeFilters, type ItemFilters } from './item-filters';
import type { MoodleFrameworkFacts } from './moodle-competencies';
import { fitTo, MOODLE_MAX_LENGTH, moodleLength, plainLine } from './moodle-text';
import { describeSet } from './set-count';
import { frameworksOf } from './set-groups';
import { slug } from './set-name';

const MADE_WITH = 'Made with Standards Explorer.';

/** A set's framework: named as the set, its ID number the set's own (the CASE package's document identifier). */
export function setFrameworkFacts(set: SetForCase, entries: readonly ExportEntry[]): MoodleFrameworkFacts {
  const from = frameworksOf(entries)
    .map((f) => f.name)
    .join('; ');
  return {
    idNumber: `standards-set_${setDocumentId(set.id)}`,
    shortName: set.name || 'Standards set',
    about: [set.note, `A set of ${describeSet(entries)}${from ? ` from ${from}` : ''}. ${MADE_WITH}`].filter(Boolean),
  };
}

/** A framework's, under the page's filters: "California … · grade 3, standards". */
export function frameworkFacts(framework: Framework, filters: ItemFilters): MoodleFrameworkFacts {
  const name = plainLine(framework.name ?? framework.jurisdiction ?? 'Standards framework');
  const chosen = describeFilters(filters);
  const suffix = chosen ? ` · ${chosen}` : '';
  const shortName = `${fitTo(name, MOODLE_MAX_LENGTH - moodleLength(suffix))}${suffix}`;
  // Readable, unique on a site: the jurisdiction, the start of the framework's CASE UUID, the filters.
  const filterPart = [
    filters.grades.length ? `grade-${filters.grades.join('-')}` : '',
    filters.subject ? slug(filters.subject) : '',
    filters.type ? slug(filters.type) : '',
  ].filter(Boolean);
  const idNumber = [slug(framework.jurisdiction ?? 'framework').slice(0, 24), framework.caseIdentifierUUID.slice(0, 8), ...filterPart]
    .join('_')
    .slice(0, MOODLE_MAX_LENGTH);
  return {
    idNumber,
    shortName,
    about: [
      framework.description ?? '',
      `${framework.name ?? 'The framework'}${chosen ? `, ${chosen}` : ''}${framework.dateModified ? `, as updated ${framework.dateModified}` : ''}. ${MADE_WITH}`,
    ].filter(Boolean),
  };
}

/** `grade-3-fractions-unit-moodle-competencies.csv`, `california-…-grade-3-moodle-competencies.csv`. */
export function moodleFilename(name: string, filters?: ItemFilters): string {
  const chosen = filters ? describeFilters(filters) : '';
  // The filters come after the name: they tell one part of a split framework from another.
  const parts = [slug(name), chosen && slug(chosen)].filter(Boolean);
  return `${parts.join('-')}-moodle-competencies.csv`;
}
