export interface PickerNoticesProps {
  frameworkId: string;
  /** The service lists no such framework. */
  missing: boolean;
  /** Framed, yet given no host origin to answer. */
  unheard: boolean;
  /** What is wrong with the standards the address asked to preselect. */
  preselection: string | null;
  /** Parameters of the address that were invalid and ignored. */
  problems: string[];
}

/** What the embedding page got wrong, said in the picker: the teacher sees why it does not work as it should. */
export function PickerNotices({ frameworkId, missing, unheard, preselection, problems }: PickerNoticesProps) {
  return (
    <>
      {missing && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          No framework with the ID {frameworkId} was found. The page that embeds this picker needs a new link; leave out{' '}
          <code>framework=</code> to let teachers choose one.
        </p>
      )}
      {unheard && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          This picker was given no host origin (<code>origin=</code>), so it cannot send choices to this page.
        </p>
      )}
      {preselection && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {preselection}
        </p>
      )}
      {problems.length > 0 && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Ignored an invalid {problems.join(', ')} in the embed address.
        </p>
      )}
    </>
  );
}
