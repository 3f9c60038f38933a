/**
 * Which Standards API the app reads. Default: the same-origin local API. A user may
 * choose another base URL and key on the settings page; the key lives in session
 * storage only and is sent only in `x-api-key` to that base URL.
 */
import { DEFAULT_SOURCE, type ApiSource } from './api-client';
import { readStored, writeStored } from './safe-storage';
import { createStore, useStore } from './store';

const BASE_KEY = 'standards-explorer.api-base-url';
const KEY_KEY = 'standards-explorer.api-key';

function load(): ApiSource {
  const baseUrl = readStored('local', BASE_KEY);
  const apiKey = readStored('session', KEY_KEY);
  return { baseUrl: baseUrl || DEFAULT_SOURCE.baseUrl, ...(apiKey ? { apiKey } : {}) };
}

const current = createStore<ApiSource>(load());

export const getApiSource = (): ApiSource => current.get();

export function setApiSource(next: { baseUrl: string; apiKey: string }) {
  const baseUrl = next.baseUrl.trim().replace(/\/+$/, '');
  writeStored('local', BASE_KEY, baseUrl && baseUrl !== DEFAULT_SOURCE.baseUrl ? baseUrl : null);
  writeStored('session', KEY_KEY, next.apiKey.trim() || null);
  current.set(load());
}

/** A base URL must be same-origin (`/…`) or http(s); anything else is refused with a reason. */
export function checkBaseUrl(value: string): string | null {
  const v = value.trim();
  if (v === '' || v.startsWith('/')) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'Use an http:// or https:// address.';
  } catch {
    return 'This is not a web address. Example: https://standards.example.org/api/v0';
  }
}

export const useApiSource = (): ApiSource => useStore(current);
