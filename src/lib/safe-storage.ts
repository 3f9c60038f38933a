/**
 * Web Storage that never throws: storage can be blocked (private modes, third-party
 * iframes) or full, and the app must keep working with what it has in memory.
 */
type Kind = 'local' | 'session';

const memory: Record<Kind, Map<string, string>> = { local: new Map(), session: new Map() };

function storage(kind: Kind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(kind: Kind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? memory[kind].get(key) ?? null;
  } catch {
    return memory[kind].get(key) ?? null;
  }
}

export function writeStored(kind: Kind, key: string, value: string | null) {
  if (value === null) memory[kind].delete(key);
  else memory[kind].set(key, value);
  try {
    if (value === null) storage(kind)?.removeItem(key);
    else storage(kind)?.setItem(key, value);
  } catch {
    // Kept in memory for this page's life.
  }
}

export function readJson<T>(kind: Kind, key: string, parse: (value: unknown) => T, fallback: T): T {
  const raw = readStored(kind, key);
  if (raw === null) return fallback;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return fallback;
  }
}
