import { AllFrameworksLink } from '../../components/ui/all-frameworks-link';

export interface FrameworkUnavailableProps {
  title: string;
  hint: string;
}

/** A framework link that leads nowhere: what is wrong and the way back, instead of an empty outline. */
export function FrameworkUnavailable({ title, hint }: FrameworkUnavailableProps) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold tracking-tight">Framework not found</h1>
      <div
        role="alert"
        className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <p className="font-semibold">{title}</p>
        <p className="mt-1 [overflow-wrap:anywhere]">{hint}</p>
        <p className="mt-3">
          <AllFrameworksLink />
        </p>
      </div>
    </div>
  );
}
