/** Frameworks the user opened, newest first, remembered on this device. */
import { readJson, writeStored } from './safe-storage';

const KEY = 'standards-explorer.recent-frameworks';
const MAX = 8;

const asList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX) : []);

export function recentFrameworks(): string[] {
  return readJson('local', KEY, asList, []);
}

export function rememberFramework(id: string) {
  writeStored('local', KEY, JSON.stringify([id, ...recentFrameworks().filter((x) => x !== id)].slice(0, MAX)));
}
