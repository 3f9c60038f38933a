/**
 * Problems with on-device storage, for one calm message instead of a crash: storage
 * blocked (private mode, third-party iframe), full, or holding a broken entry.
 */
import { createStore, useStore } from './store';

export type StorageIssue = 'blocked' | 'quota' | 'corrupt';

const issues = createStore<StorageIssue[]>([]);

export function reportStorageIssue(issue: StorageIssue) {
  if (!issues.get().includes(issue)) issues.update((list) => [...list, issue]);
}

export const useStorageIssues = (): StorageIssue[] => useStore(issues);
