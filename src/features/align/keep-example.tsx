/**
 * "Teach it" (decision 027): a teacher who chose a suggestion for a text (added it to
 * the set, or selected it in the picker), or named another standard for it, can keep the
 * text as their own example of that standard, on this device only. The next similar text
 * ranks with it and says so ("like your example: …").
 */
import { useId, useState } from 'react';
import { searchStandards } from '../../api/search';
import { useApiSource } from '../../lib/api-source';
import { ownExamples, useOwnExamples } from '../../lib/own-examples';
import { field, outlineButton } from '../../components/ui/classes';
import { CheckIcon } from '../../components/ui/icons';
import type { StandardsItem } from '../../../contract/schemas';

interface Standard {
  caseIdentifierUUID: string;
  statementCode: string | null;
  description: string | null;
}

const nameOf = (s: Standard) => s.statementCode ?? 'this standard';

function keep(standard: Standard, framework: { caseIdentifierUUID: string; name: string | null }, text: string) {
  ownExamples.keep({
    standard: standard.caseIdentifierUUID,
    code: standard.statementCode,
    description: standard.description,
    framework: { caseIdentifierUUID: framework.caseIdentifierUUID, name: framework.name },
    text,
  });
}

/** Keeps the text as the teacher's example of one suggestion, or says it is kept (with Undo). */
export function KeepExampleButton({
  standard,
  framework,
  text,
}: {
  standard: Standard;
  framework: { caseIdentifierUUID: string; name: string | null };
  text: string;
}) {
  useOwnExamples();
  const kept = ownExamples.has(standard.caseIdentifierUUID, text);
  return kept ? (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-xs text-emerald-800 dark:text-emerald-300">
      <CheckIcon className="h-4 w-4" aria-hidden="true" />
      <span role="status">Kept as your example of {nameOf(standard)}</span>
      <button type="button" onClick={() => ownExamples.forget(standard.caseIdentifierUUID, text)} className="font-medium underline">
        Undo
      </button>
    </span>
  ) : (
    <button
      type="button"
      onClick={() => keep(standard, framework, text)}
      aria-label={`Keep this text as my example of ${nameOf(standard)}`}
      className={outlineButton}
    >
      Keep text as my example
    </button>
  );
}

/**
 * "None of these?": the teacher names the standard the text is for by its code, and keeps
 * the text as their example of it.
 */
export function KeepForAnother({ framework, text }: { framework: { caseIdentifierUUID: string; name: string | null }; text: string }) {
  const source = useApiSource();
  const ids = { code: useId(), message: useId() };
  const [code, setCode] = useState('');
  const [state, setState] = useState<{ busy?: boolean; error?: string; kept?: Standard }>({});
  const submit = async () => {
    const wanted = code.trim().replace(/\.$/, '');
    if (!wanted) return setState({ error: 'Type the code of the standard, such as 4.NF.B.3.' });
    setState({ busy: true });
    try {
      const { hits } = await searchStandards(source, wanted, {
        framework: { caseIdentifierUUID: framework.caseIdentifierUUID, jurisdiction: null, academicSubject: null },
        wholeJurisdiction: false,
        loadIndex: async () => {
          const { savedList } = await import('../../lib/saved-standards');
          return (await savedList(source.baseUrl, framework.caseIdentifierUUID)) ?? [];
        },
      });
      const found = hits.find(
        (h) => h.statementCode?.toLowerCase() === wanted.toLowerCase() && h.item?.normalizedStatementType !== 'Standard Grouping',
      );
      if (!found)
        return setState({
          error: `${framework.name ?? 'This framework'} has no standard with the code ${wanted}. Check the code (a grouping such as 4.NF.B cannot hold examples).`,
        });
      const item: StandardsItem | Standard = found.item ?? found;
      keep(item, framework, text);
      setCode('');
      setState({ kept: item });
    } catch {
      setState({
        error: 'The standard could not be looked up. Check the connection, or save this framework for offline use, then try again.',
      });
    }
  };
  return (
    <details className="rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
      <summary className="cursor-pointer font-medium">The right standard is not listed?</summary>
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={ids.code} className="flex flex-col gap-1 text-xs">
          Keep this text as my example of the standard with the code
          <input
            id={ids.code}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="4.NF.B.3"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={ids.message}
            className={`${field} w-40 font-mono`}
          />
        </label>
        <button type="submit" disabled={state.busy} className={outlineButton}>
          Keep as my example
        </button>
      </form>
      <p id={ids.message} role="status" className="mt-1 min-h-4 text-xs">
        {state.error ? (
          <span className="text-red-800 dark:text-red-300">{state.error}</span>
        ) : state.kept ? (
          <span className="text-emerald-800 dark:text-emerald-300">
            Kept as your example of {nameOf(state.kept)}. Similar texts will rank it higher on this device.
          </span>
        ) : (
          ''
        )}
      </p>
    </details>
  );
}
