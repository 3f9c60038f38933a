/**
 * Every budget `npm run bench` checks, in one place. `max` budgets are upper limits,
 * `min` budgets lower limits.
 */
export interface Budget {
  max?: number;
  min?: number;
  unit: string;
}

export const BUDGETS: Record<string, Budget> = {
  'api: list limit=100 p99': { max: 20, unit: 'ms' },
  'api: get by id p99': { max: 10, unit: 'ms' },
  'api: list limit=100 throughput / bare-node baseline': { min: 0.5, unit: 'ratio' },
  'scale: import of the full-size export': { max: 40, unit: 's' },
  'scale: word search "the", whole export, uncached p99': { max: 50, unit: 'ms' },
  'scale: word search "students", whole export, uncached p99': { max: 50, unit: 'ms' },
  'scale: word search "number", whole export, uncached p99': { max: 50, unit: 'ms' },
  'scale: browsing p99 while 10 connections search common words': { max: 20, unit: 'ms' },
  'scale: largest framework: code search, last key → first result': { max: 100, unit: 'ms' },
  'scale: largest framework: save for offline': { max: 5000, unit: 'ms' },
  'scale: largest framework: longest task while saving': { max: 100, unit: 'ms' },
  'scale: largest framework: longest task, List view scrolled to the end': { max: 100, unit: 'ms' },
  'browser: California Math: save for offline': { max: 1500, unit: 'ms' },
  'browser: California Math: save for offline, requests': { max: 10, unit: 'count' },
  'swap: failed requests across a data update under load': { max: 0, unit: 'count' },
  'scale: import peak RSS': { max: 1024, unit: 'MB' },
  'scale: list limit=100 p99 / real-subset p99': { max: 2, unit: 'ratio' },
  'scale: get by id p99 / real-subset p99': { max: 2, unit: 'ratio' },
  'browser: browse page initial JS (transferred)': { max: 155, unit: 'KB' },
  'browser: embed initial JS (transferred)': { max: 140, unit: 'KB' },
  'browser: first rows, cold': { max: 800, unit: 'ms' },
  'browser: first rows, warm (service worker + persisted cache)': { max: 400, unit: 'ms' },
  'browser: first rows, offline reload': { max: 400, unit: 'ms' },
  'browser: click → children visible, uncached': { max: 150, unit: 'ms' },
  'browser: click → children visible, cached': { max: 50, unit: 'ms' },
  'browser: treeitems in the DOM, California Math fully expanded': { max: 150, unit: 'rows' },
  'browser: longest task while scrolling to the end': { max: 100, unit: 'ms' },
  'browser: longest task with a 100 KB math-heavy item in view': { max: 100, unit: 'ms' },
  'browser: connections visible after opening an item, uncached': { max: 150, unit: 'ms' },
  'browser: progression view first paint, from the details': { max: 500, unit: 'ms' },
  'browser: progression view first paint, cold page load': { max: 800, unit: 'ms' },
  'browser: compare California vs Common Core complete, cold': { max: 1500, unit: 'ms' },
  'fuzz: 5xx or non-contract answers in 10,000 requests': { max: 0, unit: 'count' },
  'soak: errors in 60 s at 20 connections': { max: 0, unit: 'count' },
  'soak: RSS growth start → end': { max: 64, unit: 'MB' },
  'shutdown: requests lost on SIGTERM under load': { max: 0, unit: 'count' },
  'restart: time to serve again on the same database': { max: 1000, unit: 'ms' },
};
