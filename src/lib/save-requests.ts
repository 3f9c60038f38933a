/**
 * Frameworks a person asked to save for offline use while the network was gone (a
 * connection that leads into a framework not saved on this device): kept on the device
 * and saved as soon as the network is back (see the offline feature's SaveWhenOnline).
 */
import * as z from 'zod/mini';
import { readJson, writeStored } from './safe-storage';
import { createStore, useStore } from './store';

const KEY = 'standards-explorer.save-when-online';
const stored = () => readJson('local', KEY, (v) => z.array(z.string()).parse(v), []);
const requests = createStore<string[]>(stored());

function commit(next: string[]) {
  writeStored('local', KEY, JSON.stringify(next));
  requests.set(next);
}

export const saveRequests = {
  toggle: (frameworkId: string) =>
    commit(requests.get().includes(frameworkId) ? requests.get().filter((id) => id !== frameworkId) : [...requests.get(), frameworkId]),
  /** The frameworks asked for, forgotten as they are handed over. */
  take: () => {
    const all = requests.get();
    if (all.length) commit([]);
    return all;
  },
};

export const useSaveRequests = (): string[] => useStore(requests);
