export interface PageNoticeProps {
  tone: 'amber' | 'blue';
  children: React.ReactNode;
}

const TONES = {
  amber: 'bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100',
  blue: 'bg-blue-50 text-blue-950 dark:bg-blue-950/40 dark:text-blue-100',
};

/** A calm, one-line note about the page (a link that was fixed, a service that lacks something). */
export function PageNotice({ tone, children }: PageNoticeProps) {
  return (
    <p role="status" className={`rounded-md px-3 py-2 text-sm ${TONES[tone]}`}>
      {children}
    </p>
  );
}
