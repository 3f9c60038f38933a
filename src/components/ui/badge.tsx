export interface BadgeProps {
  children: React.ReactNode;
  tone?: 'slate' | 'blue' | 'amber';
  className?: string;
}

const TONES = {
  slate: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  blue: 'bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  amber: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

export function Badge({ children, tone = 'slate', className = '' }: BadgeProps) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-xs font-medium ${TONES[tone]} ${className}`}>
      {children}
    </span>
  );
}
