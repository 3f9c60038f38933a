import { ApiError } from '../../lib/api-client';

export interface ErrorMessageProps {
  error: unknown;
  onRetry?: () => void;
}

/** Shows an API error's own message and request id; never a stack trace. */
export function ErrorMessage({ error, onRetry }: ErrorMessageProps) {
  const message = error instanceof ApiError ? error.message : 'Something went wrong while loading standards.';
  const requestId = error instanceof ApiError ? error.requestId : null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-medium">{message}</p>
      {requestId && <p className="mt-1 text-xs opacity-80">Request id: {requestId}</p>}
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-md bg-red-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-red-800"
        >
          Try again
        </button>
      )}
    </div>
  );
}
