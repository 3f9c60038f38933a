import type { StandardsItem } from '../../../contract/schemas';
import { formatGrades } from '../../lib/format';

const LANGUAGES: Record<string, string> = { 'en-US': 'English (US)', 'es-US': 'Spanish (US)' };

// Inline-block with a little height: each stands alone in its row, a 24 px target.
const link = 'inline-block break-all py-1 text-blue-700 underline dark:text-blue-400';

/** Every field of the item, labelled; missing values say so rather than vanish. */
export function ItemFields({ item }: { item: StandardsItem }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['Statement type', item.statementType],
    ['Normalized type', item.normalizedStatementType],
    ['Grades', formatGrades(item.gradeLevel)],
    ['Jurisdiction', item.jurisdiction],
    ['Subject', item.academicSubject],
    ['Language', item.inLanguage ? (LANGUAGES[item.inLanguage] ?? item.inLanguage) : null],
    ['Created', item.dateCreated],
    ['Modified', item.dateModified],
    [
      'CASE URI',
      item.caseIdentifierURI && /^https?:\/\//.test(item.caseIdentifierURI) ? (
        <a className={link} href={item.caseIdentifierURI} target="_blank" rel="noreferrer">
          {item.caseIdentifierURI}
        </a>
      ) : (
        item.caseIdentifierURI
      ),
    ],
    ['CASE UUID', <span className="font-mono text-xs">{item.caseIdentifierUUID}</span>],
    ['Author', item.author],
    ['Provider', item.provider],
    [
      'License',
      /^https?:\/\//.test(item.license) ? (
        <a className={link} href={item.license} target="_blank" rel="license noreferrer">
          {item.license.includes('creativecommons.org/licenses/by/4.0') ? 'CC BY 4.0' : item.license}
        </a>
      ) : (
        item.license
      ),
    ],
  ];
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{value || <span className="text-slate-400 dark:text-slate-500">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
