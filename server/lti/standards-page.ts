/**
 * The read-only standards a resource link (or its plain-link fallback) shows: code,
 * description, where each comes from, and the data's attribution, in the LMS's language
 * where the page knows it (English and Spanish; other locales get English words with
 * the document's language set) and its list formats.
 */
import { attributionsOf, type ChosenStandard } from './chosen-standards';
import { escapeHtml } from '../escape-html';
import { page } from './lti-html';

const WORDS = {
  en: {
    heading: (n: number) => (n === 1 ? '1 standard' : `${n} standards`),
    grade: 'Grade',
    grades: 'Grades',
    missing: (id: string) => `A standard chosen here is no longer in the data (${id}).`,
    none: 'This link names no standards.',
    details: 'Details',
  },
  es: {
    heading: (n: number) => (n === 1 ? '1 estándar' : `${n} estándares`),
    grade: 'Grado',
    grades: 'Grados',
    missing: (id: string) => `Un estándar elegido aquí ya no está en los datos (${id}).`,
    none: 'Este enlace no nombra ningún estándar.',
    details: 'Detalles',
  },
};

const wordsFor = (locale: string | null) => (locale?.toLowerCase().startsWith('es') ? WORDS.es : WORDS.en);

function listFormat(locale: string | null) {
  try {
    return new Intl.ListFormat(locale ?? 'en', { type: 'conjunction' });
  } catch {
    return new Intl.ListFormat('en', { type: 'conjunction' });
  }
}

export function standardsPage(found: ReadonlyArray<ChosenStandard | null>, ids: readonly string[], locale: string | null): string {
  const words = wordsFor(locale);
  const list = listFormat(locale);
  const standards = found.filter((s): s is ChosenStandard => s !== null);
  const rows = found
    .map((s, i) => {
      if (!s) return `<li class="muted">${escapeHtml(words.missing(ids[i]!))}</li>`;
      const where = [
        s.jurisdiction,
        s.subject,
        s.grades.length ? `${s.grades.length > 1 ? words.grades : words.grade} ${list.format(s.grades)}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      // The code opens the standard in the app (a new tab: the LMS page stays).
      const name = escapeHtml(s.code ?? words.details);
      return `<li><a class="code" href="/items/${escapeHtml(s.id)}" target="_blank" rel="noopener">${name}</a> ${escapeHtml(s.text)}${where ? `<span class="meta">${escapeHtml(where)}</span>` : ''}</li>`;
    })
    .join('\n');
  return page({
    title: words.heading(standards.length),
    lang: locale,
    body: `<h1>${escapeHtml(words.heading(standards.length))}</h1>
${found.length ? `<ul class="standards">${rows}</ul>` : `<p>${escapeHtml(words.none)}</p>`}
${attributionsOf(standards)
  .map((a) => `<p><small>${escapeHtml(a)}</small></p>`)
  .join('\n')}`,
  });
}
