import { useQuery } from '@tanstack/react-query';
import type { AlignHit } from '../../api/align';
import { ancestorsOptions, itemOptions } from '../../api/standards';
import { SetButton } from '../../components/set-button';
import { Badge } from '../../components/ui/badge';
import { outlineButton } from '../../components/ui/classes';
import { CheckIcon } from '../../components/ui/icons';
import { useApiSource } from '../../lib/api-source';
import { excerpt } from '../../lib/excerpt';
import { formatGrades } from '../../lib/format';
import { HighlightedText } from '../../components/highlighted-text';
import { currentSet, useCurrentSet } from '../../lib/sets-store';
import { KeepExampleButton } from './keep-example';

export interface AlignResultProps {
  hit: AlignHit;
  rank: number;
  framework: { caseIdentifierUUID: string; name: string | null };
  /** The text the suggestion is for (kept as the teacher's example where they choose it). */
  text: string;
  onOpen?: (hit: AlignHit) => void;
  picker?: { isPicked: (id: string) => boolean; onPick: (hit: AlignHit) => void };
}

/**
 * One suggestion: its code and text with the shared words marked, its grade, the words
 * and skills it shares with the text, the concepts recognised in the text that led to it
 * ("Recognised: percent (“25% off”, “sales tax”)"), the example of it nearest to the text
 * ("Like: …", or "Like your example: …"), and what can be done with it (open, add to the
 * set, or choose it in the picker; once chosen, keep the text as the teacher's example).
 */
export function AlignResult({ hit, rank, framework, text, onOpen, picker }: AlignResultProps) {
  useCurrentSet();
  const source = useApiSource();
  const item = useQuery({ ...itemOptions(source, hit.caseIdentifierUUID), enabled: !hit.item && !picker }).data ?? hit.item;
  const path = useQuery({ ...ancestorsOptions(source, hit.caseIdentifierUUID), enabled: !picker }).data;
  const picked = picker?.isPicked(hit.caseIdentifierUUID);
  const chosen = picker ? picked : currentSet.has(hit.caseIdentifierUUID);
  // Marked in its text: the text's own words it shares and the standards' words of the concepts recognised.
  const marked = [...hit.words, ...hit.recognised.flatMap((r) => r.words)];
  const title = (
    <>
      <span className="mr-1.5 text-xs text-slate-500 dark:text-slate-400">{rank}.</span>
      {hit.statementCode && <bdi className="mr-1.5 font-mono font-semibold">{hit.statementCode}</bdi>}
      <HighlightedText text={excerpt(hit.description, 400)} query="" words={marked} />
    </>
  );
  return (
    <li className="flex flex-wrap items-start gap-2 border-b border-slate-100 py-2 last:border-0 dark:border-slate-800">
      <div className="min-w-0 flex-1 basis-64">
        {onOpen ? (
          <button
            type="button"
            onClick={() => onOpen(hit)}
            className="block rounded text-left text-sm hover:bg-slate-50 focus-visible:bg-blue-50 dark:hover:bg-slate-800 dark:focus-visible:bg-blue-950"
          >
            {title}
          </button>
        ) : (
          <p className="text-sm">{title}</p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
          {hit.gradeLevel && hit.gradeLevel.length > 0 && <Badge tone="blue">{formatGrades(hit.gradeLevel)}</Badge>}
          {hit.words.length > 0 && (
            <span>
              <span className="font-medium">Shares:</span> {hit.words.join(', ')}
            </span>
          )}
        </p>
        {hit.recognised.length > 0 && (
          <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium">Recognised:</span>{' '}
            {hit.recognised.map((r, i) => (
              <span key={r.concept}>
                {i > 0 && '; '}
                {r.concept} <span className="text-slate-600 dark:text-slate-400">({r.evidence.map((e) => `“${e}”`).join(', ')})</span>
              </span>
            ))}
          </p>
        )}
        {hit.example && (
          <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium">{hit.example.own ? 'Like your example:' : 'Like:'}</span>{' '}
            <q className="italic">{excerpt(hit.example.text, 180)}</q>
            {!hit.example.own && <span className="text-slate-600 dark:text-slate-400"> (an example written for Standards Explorer)</span>}
          </p>
        )}
        {hit.skills.length > 0 && (
          <ul aria-label="Skills it shares with the text" className="mt-1 space-y-0.5 text-xs text-slate-700 dark:text-slate-300">
            {hit.skills.map((s) => (
              <li key={s.identifier}>
                <span className="font-medium">{s.through ? `Skill of ${s.through} (identical):` : 'Skill:'}</span>{' '}
                <HighlightedText text={excerpt(s.description, 200)} query="" words={hit.words} />
              </li>
            ))}
          </ul>
        )}
        {chosen && (
          <div className="mt-1.5">
            <KeepExampleButton standard={hit} framework={framework} text={text} />
          </div>
        )}
      </div>
      {picker ? (
        <button
          type="button"
          aria-pressed={picked}
          aria-label={`${picked ? 'Selected' : 'Select'} ${hit.statementCode ?? 'this standard'}`}
          onClick={() => picker.onPick(hit)}
          className={`${outlineButton} aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-100`}
        >
          {picked ? (
            <span className="inline-flex items-center gap-1">
              <CheckIcon className="h-4 w-4" /> Selected
            </span>
          ) : (
            'Select'
          )}
        </button>
      ) : (
        item && <SetButton entry={{ item, framework, path: path ?? [] }} />
      )}
    </li>
  );
}
