/**
 * "Find standards for a text": paste a problem, an activity or a lesson, get the
 * standards it most likely addresses, best first, each with why (the words and skills it
 * shares with the text, marked) and its grade. On the framework page each can be opened
 * or added to the set being edited; in the embed's picker, chosen.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { GRADE_LEVELS } from '../../../contract/schemas';
import { ALIGN_LIMIT, AlignUnavailable, MAX_ALIGN_TEXT, alignOptions, serviceLacksAlign, type AlignHit } from '../../api/align';
import { useApiSource } from '../../lib/api-source';
import { useOnline } from '../../lib/online';
import { useDeviceIndex } from './device-index';
import { describeError } from '../../lib/describe-error';
import { field, primaryButton } from '../../components/ui/classes';
import { AlignResult } from './align-result';
import { KeepForAnother } from './keep-example';
import { ownExamples } from '../../lib/own-examples';
import type { OwnExample } from '../../../contract/search/examples';

export interface AlignPanelProps {
  framework: { caseIdentifierUUID: string; name: string | null };
  /** Opens a suggestion (the framework page's details). */
  onOpen?: (hit: AlignHit) => void;
  /** The embed's picker: each suggestion can be chosen like any other standard. */
  picker?: { isPicked: (id: string) => boolean; onPick: (hit: AlignHit) => void };
  /** A text to start with (the embed host's), found at once; a new one needs a new `key`. */
  initialText?: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const GETTING_READY = 'Getting ready to find offline…';
/** Suggestions shown at first, and per "Show more". */
const PAGE = 10;

export function AlignPanel({ framework, onOpen, picker, initialText = '' }: AlignPanelProps) {
  const source = useApiSource();
  const ids = { text: useId(), grade: useId(), status: useId(), hint: useId() };
  const [text, setText] = useState(initialText.slice(0, MAX_ALIGN_TEXT));
  const [grade, setGrade] = useState('');
  // What was asked for: found on request (the button, Ctrl+Enter), not at every key.
  // The teacher's own examples are read when a text is asked (keeping one does not reorder the list on screen).
  const [asked, setAsked] = useState<{ text: string; grades: string[]; own: OwnExample[] } | null>(() =>
    initialText.trim()
      ? { text: initialText.slice(0, MAX_ALIGN_TEXT), grades: [], own: ownExamples.forFramework(framework.caseIdentifierUUID) }
      : null,
  );
  // The saved copy's index is built while the teacher pastes, so the answer is quick offline;
  // where the saved copy is what answers, the panel says when it is ready, and a Find pressed
  // before then is answered as soon as it is (the alignment waits for the index).
  const device = useDeviceIndex(source, framework.caseIdentifierUUID);
  const online = useOnline();
  const onDevice = device !== 'none' && (!online || serviceLacksAlign(source));
  const gettingReady = onDevice && device === 'building';

  const result = useQuery({
    ...alignOptions(source, framework.caseIdentifierUUID, asked?.text ?? '', asked?.grades ?? [], asked?.own),
    enabled: asked !== null,
  });
  const hasWords = /[\p{L}\p{N}]/u.test(text);
  const find = () =>
    hasWords && setAsked({ text, grades: grade ? [grade] : [], own: ownExamples.forFramework(framework.caseIdentifierUUID) });
  const allHits = result.data?.hits ?? [];
  const [shown, setShown] = useState({ asked, count: PAGE });
  const hits = allHits.slice(0, shown.asked === asked ? shown.count : PAGE);
  const stale = asked !== null && (asked.text !== text || asked.grades.join() !== (grade ? grade : ''));

  const status =
    asked === null
      ? gettingReady
        ? GETTING_READY
        : onDevice
          ? 'Ready to find standards offline, on this device, from the saved copy.'
          : ''
      : result.isPending
        ? gettingReady
          ? `${GETTING_READY} Your text will be searched as soon as it is.`
          : 'Finding standards…'
        : result.isError
          ? ''
          : allHits.length === 0
            ? `No standard of this framework shares words with the text${asked.grades.length ? ` in grade ${asked.grades[0]}` : ''}. Try another grade, or a longer text.`
            : `${allHits.length}${allHits.length >= ALIGN_LIMIT ? ' best' : ''} ${allHits.length === 1 ? 'standard' : 'standards'}, best match first${hits.length < allHits.length ? `, showing ${hits.length}` : ''}${result.data?.by === 'device' ? ' (ranked on this device, from the saved copy)' : ''}${stale ? '. The text has changed: find again to update them.' : ''}`;

  return (
    <section aria-labelledby={`${ids.text}-heading`} className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h2 id={`${ids.text}-heading`} className="text-sm font-semibold">
        Find standards for a text
      </h2>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          find();
        }}
      >
        <label htmlFor={ids.text} className="block text-sm">
          Paste a problem, an activity or a lesson
        </label>
        <textarea
          id={ids.text}
          value={text}
          maxLength={MAX_ALIGN_TEXT}
          rows={5}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              find();
            }
          }}
          aria-describedby={ids.hint}
          placeholder="A recipe uses 2 cups of flour for every 3 cups of sugar. Complete a table of equivalent ratios…"
          className="block min-h-32 w-full resize-y rounded-lg border [field-sizing:content] supports-[field-sizing:content]:overflow-y-hidden  border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
          {initialText.length > MAX_ALIGN_TEXT && text === initialText.slice(0, MAX_ALIGN_TEXT)
            ? `The text sent holds ${count(initialText.length)} characters; its first ${count(MAX_ALIGN_TEXT)} are read.`
            : `${count(text.length)} of ${count(MAX_ALIGN_TEXT)} characters · the whole text is read; Ctrl+Enter finds`}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={ids.grade} className="flex items-center gap-2 text-sm">
            Grade
            <select id={ids.grade} value={grade} onChange={(e) => setGrade(e.target.value)} className={`${field} max-w-full`}>
              <option value="">Any grade</option>
              {GRADE_LEVELS.map((g) => (
                <option key={g} value={g}>
                  {g === 'PK' ? 'Pre-K' : g === 'K' ? 'Kindergarten' : `Grade ${g}`}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={!hasWords} className={primaryButton}>
            Find standards
          </button>
        </div>
      </form>
      <p id={ids.status} role="status" className="min-h-5 text-xs text-slate-600 dark:text-slate-400">
        {status}
      </p>
      {result.isError && <AlignError error={result.error} onRetry={() => void result.refetch()} />}
      {hits.length > 0 && (
        <ol aria-label={`Standards for the text in ${framework.name ?? 'this framework'}`} className="space-y-0">
          {hits.map((hit, i) => (
            <AlignResult
              key={hit.caseIdentifierUUID}
              hit={hit}
              rank={i + 1}
              framework={framework}
              text={asked!.text}
              onOpen={onOpen}
              picker={picker}
            />
          ))}
        </ol>
      )}
      {hits.length < allHits.length && (
        <button
          type="button"
          onClick={() => setShown({ asked, count: hits.length + PAGE })}
          className="w-full rounded-md py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950"
        >
          Show {Math.min(PAGE, allHits.length - hits.length)} more
        </button>
      )}
      {asked && result.isSuccess && <KeepForAnother key={asked.text} framework={framework} text={asked.text} />}
    </section>
  );
}

function AlignError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof AlignUnavailable)
    return (
      <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
        {error.message}
      </p>
    );
  const { title, hint, retry } = describeError(error, 'suggestions');
  return (
    <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      <p className="font-medium">Standards could not be found for the text. {title}</p>
      <p>{hint}</p>
      {retry && (
        <button type="button" onClick={onRetry} className="mt-1 font-medium underline">
          Try again
        </button>
      )}
    </div>
  );
}
