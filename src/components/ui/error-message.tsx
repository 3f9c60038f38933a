import { describeError } from '../../lib/describe-error';

export interface ErrorMessageProps {
  error: unknown;
  /** What was asked for, in the reader's words: "standard", "framework". */
  what?: string;
  onRetry?: () => void;
  /** A way on, such as a link to all frameworks. */
  action?: React.ReactNode;
}

/** What went wrong and what to do next; never a stack trace or the API's developer wording. */
export function ErrorMessage({ error, what, onRetry, action }: ErrorMessageProps) {
  const { title, hint, retry, requestId } = describeError(error, what);
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{hint}</p>
      {requestId && <p className="mt-1 text-xs opacity-80">Request id (for a report): {requestId}</p>}
      {(action || (onRetry && retry)) && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {onRetry && retry && (
            <button
              type="button"
              onClick={onRetry}
              className="rounded-md bg-red-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-red-800"
            >
              Try again
            </button>
          )}
          {action}
        </div>
      )}
    </div>
  );
}
