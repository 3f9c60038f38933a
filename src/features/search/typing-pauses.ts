/**
 * How long the search waits for the typing to stop before it asks: a code is short and
 * exact, so it is asked almost at once; words wait for a word to be whole. The bench
 * reads these too (bench/budgets.ts): a timer takes the same time on any machine.
 */
export const CODE_PAUSE_MS = 30;
export const WORDS_PAUSE_MS = 150;
