/**
 * Settings › "Your examples": the texts this teacher kept as examples of standards (on
 * this device only), each removable; the examples file exports them all and imports
 * another device's (decision 027).
 */
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { downloadText } from '../../lib/download';
import { excerpt } from '../../lib/excerpt';
import { MAX_KEPT, ownExamples, useOwnExamples } from '../../lib/own-examples';
import { dangerButton, outlineButton } from '../../components/ui/classes';

/** The largest examples file read (500 examples of 1,000 characters, with room to spare). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const count = (n: number) => `${n} ${n === 1 ? 'example' : 'examples'}`;

export function OwnExamplesSection() {
  const examples = useOwnExamples();
  const ids = { heading: useId(), file: useId(), status: useId() };
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const importFile = async (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      setMessage({ text: `Nothing was imported: “${file.name}” is larger than an examples file can be (2 MB).`, error: true });
      return;
    }
    try {
      const { added, already, full } = ownExamples.importFile(await file.text());
      setMessage({
        text: `Imported ${count(added)} from “${file.name}”${already ? ` (${count(already)} already here)` : ''}.${full ? ` ${count(full)} did not fit: this device keeps at most ${MAX_KEPT}; remove some, then import again.` : ''}`,
      });
    } catch (e) {
      setMessage({ text: (e as Error).message, error: true });
    }
  };
  return (
    <section aria-labelledby={ids.heading} className="space-y-3">
      <h2 id={ids.heading} className="text-lg font-medium">
        Your examples
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Texts you kept with “Find standards for a text” as examples of a standard. They stay on this device (offline too) and help similar
        texts find that standard first. At most {MAX_KEPT}; the oldest make room.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={!examples.length}
          onClick={() => downloadText(ownExamples.file(), 'standards-explorer-examples.json', 'application/json')}
          className={outlineButton}
        >
          Export examples
        </button>
        <label htmlFor={ids.file} className={`${outlineButton} inline-flex cursor-pointer items-center focus-within:ring-2`}>
          Import examples…
          <input
            id={ids.file}
            type="file"
            accept=".json,application/json"
            className="sr-only"
            aria-describedby={ids.status}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </label>
      </div>
      <p id={ids.status} aria-live="polite" className={`min-h-5 text-sm ${message?.error ? 'text-red-800 dark:text-red-300' : ''}`}>
        {message?.text ?? ''}
      </p>
      {examples.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          No examples yet. After “Find standards for a text” on a framework’s page, add a suggestion to your set, then choose{' '}
          <strong>Keep text as my example</strong>.
        </p>
      ) : (
        <ul aria-label={`Your examples (${examples.length})`} className="divide-y divide-slate-100 dark:divide-slate-800">
          {examples.map((e) => (
            <li key={e.id} className="flex flex-wrap items-start gap-2 py-2">
              <div className="min-w-0 flex-1 basis-64 text-sm">
                <p>
                  <Link
                    to="/items/$uuid"
                    params={{ uuid: e.standard }}
                    className="mr-1.5 font-mono font-semibold text-blue-700 underline dark:text-blue-300"
                  >
                    {e.code ?? 'Standard'}
                  </Link>
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    {e.framework.name ?? 'Framework'} · kept {new Date(e.kept).toLocaleDateString('en-US')}
                  </span>
                </p>
                <p className="mt-0.5 [overflow-wrap:anywhere]">“{excerpt(e.text, 300)}”</p>
              </div>
              <button
                type="button"
                onClick={() => ownExamples.remove(e.id)}
                aria-label={`Remove your example of ${e.code ?? 'this standard'}: ${excerpt(e.text, 60)}`}
                className={dangerButton}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
