/**
 * Problems with on-device storage, for one calm message instead of a crash: storage
 * blocked (private mode, third-party iframe), full, or holding a broken entry.
 */
import { useSyncExternalStore } from 'react';

export type StorageIssue = 'blocked' | 'quota' | 'corrupt';

const issues = new Set<StorageIssue>();
const listeners = new Set<() => void>();
let snapshot: StorageIssue[] = [];

export function reportStorageIssue(issue: StorageIssue) {
  if (issues.has(issue)) return;
  issues.add(issue);
  snapshot = [...issues];
  for (const l of listeners) l();
}

export function useStorageIssues(): StorageIssue[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
  );
}
