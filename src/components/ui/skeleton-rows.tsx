export interface SkeletonRowsProps {
  count?: number;
  label: string;
}

export function SkeletonRows({ count = 6, label }: SkeletonRowsProps) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-200/70 dark:bg-slate-800" />
      ))}
    </div>
  );
}
